import {
  ActionIcon,
  Button,
  Group,
  Kbd,
  Modal,
  Paper,
  Stack,
  TagsInput,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { IconGripVertical, IconPlus, IconTrash } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import { useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import { draftProblems } from '../../machines/runAllTests/draft.ts';
import type { runAllTestsMachine } from '../../machines/runAllTests/machine.ts';
import { UnsavedChangesModal } from '../../ui/UnsavedChangesModal.tsx';

/** The edit modal (spec 1 §2): identifier, draggable steps, autocompletes, remove step, add next step, remove test. */
export function TestEditModal({ actor }: { actor: ActorRefFrom<typeof runAllTestsMachine> }) {
  const state = useSelector(actor, (s) => s);
  const { draft, tests, vocabulary } = state.context;
  const open =
    state.matches({ ready: 'editing' }) || state.matches({ ready: 'saving' }) || state.matches({ ready: 'removing' });
  const send = actor.send;
  const dragged = useRef<number | null>(null);
  useHotkeys(open ? [['ctrl+D', () => send({ type: 'draft.step.add' })]] : [], [], true);
  if (!draft) return <Modal opened={false} onClose={() => {}} />;
  const problems = draftProblems(draft, tests);
  const show = draft.touched;
  return (
    <>
      <UnsavedChangesModal opened={state.hasTag('asking')} onAnswer={(type) => send({ type })} />
      <Modal
        opened={open}
        onClose={() => send({ type: 'draft.cancel' })}
        title={draft.id === null ? 'New test' : `Edit test ${draft.name}`}
        size="xl"
      >
        <Stack gap="sm">
          <TextInput
            label="Test identifier"
            value={draft.name}
            error={show || problems.name?.startsWith('Duplicit') ? problems.name : null}
            onChange={(e) => send({ type: 'draft.name', name: e.currentTarget.value })}
          />
          <Text size="sm" fw={500}>
            Steps
          </Text>
          {draft.steps.map((step, index) => (
            <Paper
              key={step.key}
              withBorder
              p="xs"
              draggable
              aria-label={`Step ${index + 1}`}
              onDragStart={() => {
                dragged.current = index;
              }}
              onDragOver={(e) => e.preventDefault()}
              onDrop={() => {
                if (dragged.current !== null && dragged.current !== index)
                  send({ type: 'draft.step.move', from: dragged.current, to: index });
                dragged.current = null;
              }}
            >
              <Group align="flex-start" wrap="nowrap" gap="xs">
                <Tooltip label="Drag to reorder">
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    mt={26}
                    style={{ cursor: 'grab' }}
                    aria-label={`Drag step ${index + 1}`}
                  >
                    <IconGripVertical size={16} />
                  </ActionIcon>
                </Tooltip>
                <Stack gap={6} style={{ flex: 1 }}>
                  <Group grow align="flex-start">
                    <TextInput
                      label="User's input"
                      aria-label={`User's input of step ${index + 1}`}
                      value={step.input}
                      error={show ? problems.steps[index] : null}
                      onChange={(e) =>
                        send({ type: 'draft.step.change', index, patch: { input: e.currentTarget.value } })
                      }
                    />
                    <TextInput
                      label="Test expression"
                      aria-label={`Test expression of step ${index + 1}`}
                      placeholder="e.g. intent == 'order'"
                      value={step.condition}
                      onChange={(e) =>
                        send({ type: 'draft.step.change', index, patch: { condition: e.currentTarget.value } })
                      }
                    />
                  </Group>
                  <Group grow align="flex-start">
                    <TagsInput
                      label="Matched reactions"
                      aria-label={`Reactions of step ${index + 1}`}
                      data={vocabulary.reactions.map((r) => r.name)}
                      value={step.reactions}
                      onChange={(reactions) => send({ type: 'draft.step.change', index, patch: { reactions } })}
                    />
                    <TagsInput
                      label="Executed actions"
                      aria-label={`Actions of step ${index + 1}`}
                      data={vocabulary.actions}
                      value={step.actions}
                      onChange={(actions) => send({ type: 'draft.step.change', index, patch: { actions } })}
                    />
                  </Group>
                </Stack>
                <Tooltip label="Remove step">
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    mt={26}
                    aria-label={`Remove step ${index + 1}`}
                    onClick={() => send({ type: 'draft.step.remove', index })}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Paper>
          ))}
          <Group>
            <Button
              variant="light"
              leftSection={<IconPlus size={14} />}
              onClick={() => send({ type: 'draft.step.add' })}
            >
              Add next step
              <Kbd ml="xs" size="xs">
                Ctrl+D
              </Kbd>
            </Button>
          </Group>
          <Group justify="space-between" mt="sm">
            {draft.id !== null ? (
              <Button
                color="red"
                variant="subtle"
                onClick={() => send({ type: 'test.remove' })}
                loading={state.matches({ ready: 'removing' })}
              >
                Remove test
              </Button>
            ) : (
              <span />
            )}
            <Group>
              <Button variant="default" onClick={() => send({ type: 'draft.cancel' })}>
                Cancel
              </Button>
              <Button onClick={() => send({ type: 'draft.save' })} loading={state.matches({ ready: 'saving' })}>
                Save
              </Button>
            </Group>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
