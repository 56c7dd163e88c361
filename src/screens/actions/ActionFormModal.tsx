import {
  ActionIcon,
  Alert,
  Button,
  Code,
  Group,
  Modal,
  NumberInput,
  ScrollArea,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { UnsavedChangesModal } from '../../ui/UnsavedChangesModal.tsx';
import { IconPlayerPlay, IconPlus, IconTrash } from '@tabler/icons-react';
import { WEBHOOK_METHODS, WEBHOOK_TIMEOUT_MAX_MS } from '../../api/contract/actions.ts';
import { errorsOf, isFormOpen } from '../../machines/actionEditor/selectors.ts';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { actionEditorMachine } from '../../machines/actionEditor/machine.ts';

interface PartProps {
  state: SnapshotFrom<typeof actionEditorMachine>;
  send: ActorRefFrom<typeof actionEditorMachine>['send'];
}

/** The webhook action form: name, URL, method, time limit, headers, a test call, save or cancel. */
export function ActionFormModal({ state, send }: PartProps) {
  const { context } = state;
  const draft = context.draft;
  const errors = errorsOf(state);
  const busy = state.hasTag('saving') || state.hasTag('testing');
  return (
    <>
      <UnsavedChangesModal opened={state.hasTag('asking')} onAnswer={(type) => send({ type })} />
      <Modal
        opened={isFormOpen(state)}
        onClose={() => !busy && send({ type: 'form.cancel' })}
        title={draft?.id ? `Edit action ${draft.name}` : 'New webhook action'}
        size="lg"
        centered
      >
        {draft && (
          <Stack gap="sm" data-testid="action-form">
            <TextInput
              label="Name"
              aria-label="Action name"
              description="Reactions name the action by this (letters, digits, _ . -)."
              value={draft.name}
              error={errors.name}
              onChange={(e) => send({ type: 'form.change', patch: { name: e.currentTarget.value } })}
              data-autofocus
            />
            <TextInput
              label="URL"
              aria-label="URL"
              value={draft.url}
              error={errors.url}
              onChange={(e) => send({ type: 'form.change', patch: { url: e.currentTarget.value } })}
            />
            <Group align="flex-end" wrap="nowrap">
              <Stack gap={4} style={{ flex: 2 }}>
                <Text size="sm" fw={500}>
                  Method
                </Text>
                <SegmentedControl
                  fullWidth
                  aria-label="Method"
                  data={[...WEBHOOK_METHODS]}
                  value={draft.method}
                  onChange={(v) =>
                    send({ type: 'form.change', patch: { method: v as (typeof WEBHOOK_METHODS)[number] } })
                  }
                />
              </Stack>
              <NumberInput
                style={{ flex: 1 }}
                label="Time limit (ms)"
                aria-label="Time limit"
                min={100}
                max={WEBHOOK_TIMEOUT_MAX_MS}
                step={500}
                value={draft.timeout_ms}
                error={errors.timeout_ms}
                onChange={(v) => send({ type: 'form.change', patch: { timeout_ms: Number(v) || 0 } })}
              />
            </Group>
            <Stack gap={4}>
              <Group justify="space-between">
                <Text size="sm" fw={500}>
                  Headers
                </Text>
                <Button
                  size="compact-xs"
                  variant="light"
                  leftSection={<IconPlus size={12} />}
                  onClick={() =>
                    send({ type: 'form.change', patch: { headers: [...draft.headers, { key: '', value: '' }] } })
                  }
                >
                  Add header
                </Button>
              </Group>
              {draft.headers.length === 0 && (
                <Text size="xs" c="dimmed">
                  No extra headers (Accept, User-Agent and Content-Type are set by the server).
                </Text>
              )}
              {draft.headers.map((h, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: positional rows (ordered steps, list items) have no id of their own
                <Group key={`h-${i}`} gap={6} wrap="nowrap">
                  <TextInput
                    size="xs"
                    style={{ flex: 1 }}
                    placeholder="Header"
                    aria-label={`Header name ${i + 1}`}
                    value={h.key}
                    onChange={(e) =>
                      send({
                        type: 'form.change',
                        patch: {
                          headers: draft.headers.map((x, j) => (j === i ? { ...x, key: e.currentTarget.value } : x)),
                        },
                      })
                    }
                  />
                  <TextInput
                    size="xs"
                    style={{ flex: 2 }}
                    placeholder="Value"
                    aria-label={`Header value ${i + 1}`}
                    value={h.value}
                    onChange={(e) =>
                      send({
                        type: 'form.change',
                        patch: {
                          headers: draft.headers.map((x, j) => (j === i ? { ...x, value: e.currentTarget.value } : x)),
                        },
                      })
                    }
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove header ${i + 1}`}
                    onClick={() =>
                      send({ type: 'form.change', patch: { headers: draft.headers.filter((_, j) => j !== i) } })
                    }
                  >
                    <IconTrash size={14} />
                  </ActionIcon>
                </Group>
              ))}
              {errors.headers && (
                <Text size="xs" c="red">
                  {errors.headers}
                </Text>
              )}
            </Stack>
            {context.testResult && (
              <Alert
                color={context.testResult.ok ? 'teal' : 'red'}
                title={
                  context.testResult.ok
                    ? `Answered ${context.testResult.status} in ${context.testResult.duration_ms} ms`
                    : 'The test call failed'
                }
                data-testid="test-result"
              >
                {context.testResult.ok ? (
                  <ScrollArea.Autosize mah={160}>
                    <Code block>{JSON.stringify(context.testResult.data, null, 2)}</Code>
                  </ScrollArea.Autosize>
                ) : (
                  <Text size="sm">{context.testResult.reason}</Text>
                )}
              </Alert>
            )}
            {context.saveError && (
              <Alert color="red" title="Not saved" data-testid="save-error">
                {context.saveError}
              </Alert>
            )}
            <Group justify="space-between" mt="sm">
              <Button
                variant="light"
                leftSection={<IconPlayerPlay size={14} />}
                onClick={() => send({ type: 'form.test' })}
                loading={state.hasTag('testing')}
                disabled={state.hasTag('saving')}
              >
                Test call
              </Button>
              <Group gap="xs">
                <Button variant="default" onClick={() => send({ type: 'form.cancel' })} disabled={busy}>
                  Cancel
                </Button>
                <Button
                  onClick={() => send({ type: 'form.save' })}
                  loading={state.hasTag('saving')}
                  disabled={state.hasTag('testing')}
                >
                  Save action
                </Button>
              </Group>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
