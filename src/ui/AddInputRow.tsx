import { Button, Group, type GroupProps, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';

/** A small input and its Add button: Enter or the button adds what is typed. */
export function AddInputRow({
  placeholder,
  label,
  value,
  onChange,
  onAdd,
  ...group
}: {
  placeholder: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onAdd: () => void;
} & Omit<GroupProps, 'onChange'>) {
  return (
    <Group gap="xs" wrap="nowrap" {...group}>
      <TextInput
        size="xs"
        style={{ flex: 1 }}
        placeholder={placeholder}
        aria-label={label}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onAdd();
        }}
      />
      <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={onAdd}>
        Add
      </Button>
    </Group>
  );
}
