import { Kbd, TextInput } from '@mantine/core';
import { IconSearch, IconX } from '@tabler/icons-react';
import type { Ref } from 'react';

/**
 * A list's search field: the Ctrl+F hint while empty, a clear button once typed in, and Esc to clear. One
 * component so the intents and knowledge lists search alike; the owner decides what the keys and values do.
 */
export function SearchField(props: {
  inputRef: Ref<HTMLInputElement>;
  value: string;
  placeholder: string;
  label: string;
  onChange: (value: string) => void;
  onClear: () => void;
}) {
  const { inputRef, value, placeholder, label, onChange, onClear } = props;
  return (
    <TextInput
      ref={inputRef}
      style={{ flex: 1 }}
      leftSection={<IconSearch size={16} />}
      rightSection={
        value ? (
          <IconX size={16} style={{ cursor: 'pointer' }} aria-label="Clear search" onClick={onClear} />
        ) : (
          <Kbd size="xs">Ctrl+F</Kbd>
        )
      }
      rightSectionWidth={56}
      placeholder={placeholder}
      aria-label={label}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClear();
      }}
    />
  );
}
