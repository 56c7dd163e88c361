import { Badge, Button, Card, Group, Loader, ScrollArea, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconDeviceFloppy, IconHash, IconTrash } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { AddInputRow } from '../../ui/AddInputRow.tsx';
import type { ActorRefFrom } from 'xstate';
import type { synonymsDraftMachine } from '../../machines/synonymsDraft/machine.ts';
import { InlineEdit } from '../../ui/InlineEdit.tsx';
import { RowAction } from '../../ui/RowActions.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';

/** Synonyms (spec 2 §4): rename, add and delete are local until Save Synonyms. Used in templates as #name. */
export function SynonymsPanel({
  actor,
  canEdit,
}: {
  actor: ActorRefFrom<typeof synonymsDraftMachine>;
  canEdit: boolean;
}) {
  const state = useSelector(actor, (s) => s);
  const [name, setName] = useState('');
  const { draft, pendingDelete } = state.context;
  const dirty = state.matches({ editable: 'dirty' });
  const add = () => {
    actor.send({ type: 'synonym.add', name });
    if (actor.getSnapshot().context.draft.length > draft.length) setName('');
  };
  return (
    <Card withBorder padding="md" data-testid="synonyms-panel">
      <Group justify="space-between" mb="sm">
        <Group gap="xs">
          <IconHash size={18} />
          <Title order={4}>Synonyms</Title>
          <Badge variant="default">{draft.length}</Badge>
        </Group>
        {canEdit && (
          <Button
            size="xs"
            leftSection={<IconDeviceFloppy size={14} />}
            disabled={!state.can({ type: 'synonyms.save' })}
            loading={state.matches('saving')}
            onClick={() => actor.send({ type: 'synonyms.save' })}
          >
            Save Synonyms
          </Button>
        )}
      </Group>
      {state.hasTag('loading') && <Loader size="sm" />}
      {state.matches('failed') && (
        <Group gap="xs" mb="sm">
          <Text size="sm" c="red">
            The synonyms could not be loaded.
          </Text>
          <Button size="xs" variant="light" color="red" onClick={() => actor.send({ type: 'synonyms.reload' })}>
            Try again
          </Button>
        </Group>
      )}
      {canEdit && (
        <AddInputRow
          mb="sm"
          placeholder="New synonym name"
          label="New synonym name"
          value={name}
          onChange={setName}
          onAdd={add}
        />
      )}
      {dirty && (
        <Text size="xs" c="orange.8" mb="xs">
          Unsaved changes — use Save Synonyms.
        </Text>
      )}
      <ScrollArea.Autosize mah="calc(100vh - 420px)" type="auto">
        <Stack gap="sm">
          {draft.length === 0 && !state.hasTag('loading') && (
            <Text size="sm" c="dimmed">
              No synonyms yet. Write #name in a template to use all values of a synonym.
            </Text>
          )}
          {draft.map((synonym) => (
            <Stack key={synonym.key} gap={4} data-testid={`synonym-${synonym.name}`}>
              <Group justify="space-between" wrap="nowrap">
                {canEdit ? (
                  <InlineEdit
                    value={synonym.name}
                    aria-label={`Rename synonym ${synonym.name}`}
                    onSave={(value) => actor.send({ type: 'synonym.rename', key: synonym.key, name: value })}
                  />
                ) : (
                  <Text fw={600}>#{synonym.name}</Text>
                )}
                {canEdit && (
                  <RowAction
                    tooltip="Remove synonym"
                    label={`Remove synonym ${synonym.name}`}
                    icon={<IconTrash size={14} />}
                    color="red"
                    size="sm"
                    onClick={() => actor.send({ type: 'synonym.delete', key: synonym.key })}
                  />
                )}
              </Group>
              <Textarea
                size="xs"
                autosize
                minRows={1}
                maxRows={6}
                readOnly={!canEdit}
                aria-label={`Values of ${synonym.name}`}
                description="One value per line"
                value={synonym.values.join('\n')}
                onChange={(event) =>
                  actor.send({
                    type: 'synonym.values',
                    key: synonym.key,
                    values: event.currentTarget.value.split('\n'),
                  })
                }
              />
            </Stack>
          ))}
        </Stack>
      </ScrollArea.Autosize>
      <ConfirmDialog
        opened={state.matches('confirmingDelete')}
        title="Remove synonym?"
        confirmLabel="Remove"
        onConfirm={() => actor.send({ type: 'synonym.deleteConfirm' })}
        onCancel={() => actor.send({ type: 'synonym.deleteCancel' })}
      >
        The synonym “{draft.find((s) => s.key === pendingDelete)?.name}” is removed from the list; Save Synonyms makes
        it final.
      </ConfirmDialog>
    </Card>
  );
}
