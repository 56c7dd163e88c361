import { SegmentedControl, type SegmentedControlProps, Stack, Text } from '@mantine/core';

/**
 * A SegmentedControl under a label styled like an input's (the control has no label of its own); the label also
 * names it for screen readers.
 */
export function LabelledSegmentedControl<Value extends string = string>({
  label,
  ...props
}: SegmentedControlProps<Value> & { label: string }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <SegmentedControl<Value> aria-label={label} {...props} />
    </Stack>
  );
}
