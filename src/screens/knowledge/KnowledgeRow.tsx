import { ActionIcon, Anchor, Badge, Group, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconPencil, IconTrash } from '@tabler/icons-react';
import { memo } from 'react';
import type { KnowledgeItem, KnowledgeSource } from '../../api/contract/knowledges.ts';
import classes from './KnowledgeScreen.module.css';

/** Fixed, so the virtual list places rows without measuring them (see KnowledgeScreen.module.css). */
export const KNOWLEDGE_ROW_HEIGHT = 118;

export const SOURCE_LABELS: Record<KnowledgeSource, string> = {
  manual: 'by hand',
  url: 'from a URL',
  file: 'from a file',
  csv: 'from a CSV',
};

const dateTime = (iso: string) => new Date(iso).toLocaleString();

/** One entry: title, link, the start of its text, where it came from and its place in the index. */
export const KnowledgeRow = memo(function KnowledgeRow(props: {
  entry: KnowledgeItem;
  canEdit: boolean;
  onEdit: (id: number) => void;
  onDelete: (id: number) => void;
}) {
  const { entry, canEdit, onEdit, onDelete } = props;
  const name = entry.title || entry.link || `Entry #${entry.id}`;
  return (
    <div className={classes.row} data-testid={`knowledge-${entry.id}`}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Group gap="xs" wrap="nowrap" miw={0}>
          <Text fw={600} size="sm" truncate title={name}>
            {name}
          </Text>
          <Badge size="xs" variant="light" color="gray">
            {SOURCE_LABELS[entry.source]}
            {entry.file ? `: ${entry.file}` : ''}
          </Badge>
        </Group>
        {canEdit && (
          <Group gap={2} wrap="nowrap">
            <Tooltip label="Edit">
              <ActionIcon variant="subtle" aria-label={`Edit ${name}`} onClick={() => onEdit(entry.id)}>
                <IconPencil size={16} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Delete">
              <ActionIcon variant="subtle" color="red" aria-label={`Delete ${name}`} onClick={() => onDelete(entry.id)}>
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        )}
      </Group>
      {entry.link ? (
        <Anchor href={entry.link} target="_blank" rel="noopener noreferrer" size="xs" className={classes.line}>
          {entry.link}
        </Anchor>
      ) : (
        <Text size="xs" c="dimmed" className={classes.line}>
          No link
        </Text>
      )}
      <Text size="sm" c="dimmed" className={classes.text}>
        {entry.knowledge}
      </Text>
      <Group gap="xs" wrap="nowrap" className={classes.line}>
        <Text size="xs" c="dimmed">
          {entry.indexed_at ? `Last indexed ${dateTime(entry.indexed_at)}` : 'Not indexed yet'}
          {entry.index_status === 'pending' && entry.indexed_at ? ' · changed since' : ''}
        </Text>
        {entry.index_error && (
          <Group gap={4} wrap="nowrap" miw={0}>
            <IconAlertTriangle size={14} color="var(--mantine-color-red-6)" />
            <Text size="xs" c="red.7" truncate title={entry.index_error}>
              {entry.index_error}
            </Text>
          </Group>
        )}
      </Group>
    </div>
  );
});
