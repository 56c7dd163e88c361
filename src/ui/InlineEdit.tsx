import { ActionIcon, Group, Text, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconPencil, IconX } from '@tabler/icons-react';
import { useState } from 'react';

export interface InlineEditProps {
  value: string;
  onSave: (value: string) => void;
  placeholder?: string;
  /** Return a message to refuse the value (e.g. an empty name). */
  validate?: (value: string) => string | null;
  disabled?: boolean;
  'aria-label'?: string;
}

/** Text that turns into an input on click; Enter saves, Escape cancels. The draft is local UI state only. */
export function InlineEdit({ value, onSave, placeholder, validate, disabled, ...rest }: InlineEditProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const error = draft === null ? null : (validate?.(draft) ?? null);
  const commit = () => {
    if (draft === null || error) return;
    if (draft !== value) onSave(draft);
    setDraft(null);
  };
  if (draft === null) {
    return (
      <Group gap={4} wrap="nowrap">
        <Text
          onClick={() => !disabled && setDraft(value)}
          style={{ cursor: disabled ? 'default' : 'text' }}
          c={value ? undefined : 'dimmed'}
        >
          {value || placeholder}
        </Text>
        {!disabled && (
          <Tooltip label="Edit">
            <ActionIcon
              variant="subtle"
              size="sm"
              onClick={() => setDraft(value)}
              aria-label={rest['aria-label'] ?? 'Edit'}
            >
              <IconPencil size={14} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
    );
  }
  return (
    <Group gap={4} wrap="nowrap">
      <TextInput
        size="xs"
        autoFocus
        value={draft}
        error={error}
        placeholder={placeholder}
        aria-label={rest['aria-label']}
        onChange={(event) => setDraft(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit();
          if (event.key === 'Escape') setDraft(null);
        }}
      />
      <ActionIcon variant="subtle" color="teal" size="sm" onClick={commit} aria-label="Save" disabled={!!error}>
        <IconCheck size={14} />
      </ActionIcon>
      <ActionIcon variant="subtle" color="gray" size="sm" onClick={() => setDraft(null)} aria-label="Cancel">
        <IconX size={14} />
      </ActionIcon>
    </Group>
  );
}
