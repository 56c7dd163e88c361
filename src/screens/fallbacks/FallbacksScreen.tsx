import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Loader,
  Menu,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { IconChevronDown, IconMessages } from '@tabler/icons-react';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { FALLBACKS_TITLE, NO_CLASS, type UnclassifiedIntent } from '../../api/contract/unclassified.ts';
import { can } from '../../api/permissions.ts';
import { forgetRequestedFallback, requestedFallback } from '../../machines/fallbackClassification/address.ts';
import { FALLBACK_TEXTS, NOT_RETRAINED_NOTE } from '../../machines/fallbackClassification/machine.ts';
import { ProjectSelectionActor } from '../../machines/projectSelection/context.ts';
import { providedFallbackClassificationMachine } from '../../machines/fallbackClassification/provide.ts';
import { providedTrainingMachine } from '../../machines/training/provide.ts';
import { fallbacksScreenMachine } from '../../machines/fallbacksScreen/machine.ts';
import { SessionActor } from '../../machines/session/context.ts';
import { GuidedEmpty } from '../../ui/GuidedEmpty.tsx';
import { ConsoleCommandsActor } from '../../machines/consoleCommands/context.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { ReloadButton } from '../../ui/ReloadButton.tsx';
import { TrainNluButton } from '../../ui/TrainNluButton.tsx';
import type { RouteEntry } from '../routes.tsx';
import { conversationHref } from '../../ui/conversationHref.ts';

export interface FallbacksScreenLogic {
  fallbackClassification: typeof providedFallbackClassificationMachine;
  training: typeof providedTrainingMachine;
}

const defaultLogic: FallbacksScreenLogic = {
  fallbackClassification: providedFallbackClassificationMachine,
  training: providedTrainingMachine,
};

function Conversations({ item, projectId }: { item: UnclassifiedIntent; projectId: number | null }) {
  if (item.conversations_ids.length === 0)
    return (
      <Text size="sm" c="dimmed">
        –
      </Text>
    );
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <Button
          size="compact-xs"
          variant="subtle"
          rightSection={<IconChevronDown size={12} />}
          leftSection={<IconMessages size={14} />}
        >
          {item.conversations_ids.length} {item.conversations_ids.length === 1 ? 'conversation' : 'conversations'}
        </Button>
      </Menu.Target>
      <Menu.Dropdown mah={300} style={{ overflowY: 'auto' }}>
        {item.conversations_ids.map((id) => (
          <Menu.Item key={id} component="a" href={conversationHref(id, projectId)}>
            {id}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** /app/fallbacks (spec 1 §2 "Fallbacks screen", §4 "Fallbacks"). */
export default function FallbacksScreen({
  route,
  logic = defaultLogic,
}: {
  route: RouteEntry;
  logic?: Partial<FallbacksScreenLogic>;
}) {
  const machines = { ...defaultLogic, ...logic };
  const user = SessionActor.useSelector((s) => s.context.user);
  const projectId = ProjectSelectionActor.useSelector((s) => s.context.projectId);
  const canClassify = can(user, 'POST', '/intents/{id}/mark-classified', projectId);
  const canTrain = can(user, 'GET', '/run/train', projectId);
  const canKeepTests = can(user, 'PUT', '/tests/{id}', projectId);
  // The fallback a link asked for (the dashboard's "Not understood" list), taken from the address once.
  const [focus] = useState(requestedFallback);
  useEffect(forgetRequestedFallback, []);
  const screen = useActorRef(
    fallbacksScreenMachine.provide({
      actors: { fallbacks: machines.fallbackClassification, training: machines.training },
    }),
    { input: { focus } },
  );
  const { fallbacks: actor, training } = screen.getSnapshot().context;
  const commands = ConsoleCommandsActor.useActorRef();
  const state = useSelector(actor, (s) => s);
  const { items, total, intents, current, phrase, intentId, classified, keepAsTest, selected, bulkIntentId } =
    state.context;
  const { suggestion } = state.context;
  const editing = state.matches('suggesting') || state.matches('classifying');
  // The row opened from a link is brought into view.
  useEffect(() => {
    if (editing && current !== null)
      document.querySelector(`[data-testid="fallback-${current}"]`)?.scrollIntoView?.({ block: 'center' });
  }, [editing, current]);
  const bulkOpen = state.matches('browsing') || state.matches('bulkSaving');
  const keepAsTestBox = (
    <Tooltip label="Also add the phrase as a step of the intent's test: the test gate catches the day it breaks">
      <Checkbox
        size="xs"
        label="Keep as test"
        checked={keepAsTest}
        disabled={state.hasTag('busy')}
        onChange={(event) => actor.send({ type: 'fallback.keepAsTest', on: event.currentTarget.checked })}
      />
    </Tooltip>
  );
  useHotkeys([['mod+S', () => canTrain && training.send({ type: 'train.start' }), { preventDefault: true }]], []);
  const classOptions = [
    { value: '', label: NO_CLASS },
    ...intents.map((i) => ({ value: String(i.id), label: i.name })),
  ];

  return (
    <Stack gap="md" data-testid="fallbacks-screen">
      <PageHeader
        icon={route.icon}
        title="Fallbacks"
        description={route.purpose}
        actions={
          <Group gap="sm">
            <ReloadButton onReload={() => actor.send({ type: 'fallbacks.reload' })} />
            {canTrain && <TrainNluButton training={training} hotkey="Ctrl+S" />}
          </Group>
        }
      />
      {classified > 0 && (
        <Alert color="blue" variant="light" data-testid="not-retrained-note">
          {NOT_RETRAINED_NOTE}
        </Alert>
      )}
      <Card withBorder padding="md">
        <Group justify="space-between" mb="sm">
          <Text fw={600}>{FALLBACKS_TITLE}</Text>
          <Badge variant="light">{total}</Badge>
        </Group>
        {state.hasTag('loading') && <Loader size="sm" />}
        {state.matches('failed') && <Text c="red">The fallbacks could not be loaded. Use reload to try again.</Text>}
        {!state.hasTag('loading') && items.length === 0 && !state.matches('failed') && (
          <GuidedEmpty
            testId="fallbacks-empty"
            title="Nothing to classify"
            sentence="Every message was understood; what the bot misses shows up here once people talk to it."
            action="Talk to the bot"
            onAction={() => commands.send({ type: 'chat.open.request' })}
          />
        )}
        {items.length > 0 && canClassify && bulkOpen && (
          <Group gap="sm" mb="sm" align="center" data-testid="bulk-triage">
            <Text size="sm" c="dimmed" w={90}>
              {selected.length} selected
            </Text>
            <Select
              size="xs"
              w={220}
              aria-label="Class for selected"
              placeholder="Class for selected"
              searchable
              allowDeselect={false}
              data={classOptions}
              value={bulkIntentId === null ? '' : String(bulkIntentId)}
              onChange={(value) => actor.send({ type: 'fallbacks.bulkClass', intentId: value ? Number(value) : null })}
            />
            {canKeepTests && keepAsTestBox}
            <Button
              size="xs"
              onClick={() => actor.send({ type: 'fallbacks.bulkApply' })}
              loading={state.matches('bulkSaving')}
              disabled={!state.can({ type: 'fallbacks.bulkApply' })}
              title={selected.length > 0 && bulkIntentId === null ? FALLBACK_TEXTS.chooseClass : undefined}
            >
              Classify selected
            </Button>
          </Group>
        )}
        {items.length > 0 && (
          <Table verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                {canClassify && <Table.Th w={36} />}
                <Table.Th>Message</Table.Th>
                <Table.Th w={90}>Issued</Table.Th>
                <Table.Th w={190}>Conversations</Table.Th>
                <Table.Th w={130} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item) => {
                const open = current === item.id && !state.matches('browsing') && !state.matches('undoing');
                return (
                  <Table.Tr key={item.id} data-testid={`fallback-${item.id}`}>
                    {canClassify && (
                      <Table.Td>
                        <Checkbox
                          aria-label={`Select ${item.intent}`}
                          checked={selected.includes(item.id)}
                          disabled={!state.matches('browsing')}
                          onChange={(event) =>
                            actor.send({ type: 'fallback.select', id: item.id, on: event.currentTarget.checked })
                          }
                        />
                      </Table.Td>
                    )}
                    <Table.Td>
                      <Text size="sm">{item.intent}</Text>
                      {open && (
                        <Group gap="xs" mt="xs" wrap="wrap" align="flex-end">
                          <TextInput
                            size="xs"
                            w="100%"
                            label="Phrase"
                            aria-label="Phrase"
                            value={phrase}
                            disabled={state.hasTag('busy')}
                            rightSection={state.matches('suggesting') ? <Loader size={12} /> : null}
                            onChange={(event) =>
                              actor.send({ type: 'fallback.phrase', value: event.currentTarget.value })
                            }
                          />
                          <Select
                            size="xs"
                            w={220}
                            label="Class"
                            aria-label="Class"
                            searchable
                            allowDeselect={false}
                            data={classOptions}
                            value={intentId === null ? '' : String(intentId)}
                            onChange={(value) =>
                              actor.send({ type: 'fallback.class', intentId: value ? Number(value) : null })
                            }
                          />
                          {canKeepTests && keepAsTestBox}
                          <Button
                            size="xs"
                            onClick={() => actor.send({ type: 'fallback.setClass' })}
                            loading={state.matches('saving')}
                            disabled={!state.matches('classifying') || intentId === null || phrase.trim() === ''}
                            title={intentId === null ? FALLBACK_TEXTS.chooseClass : undefined}
                          >
                            Set Class
                          </Button>
                          <Button
                            size="xs"
                            variant="subtle"
                            color="red"
                            onClick={() => actor.send({ type: 'fallback.dismiss' })}
                            disabled={!state.matches('classifying')}
                          >
                            {FALLBACK_TEXTS.dismiss}
                          </Button>
                          <Button
                            size="xs"
                            variant="default"
                            onClick={() => actor.send({ type: 'fallback.cancel' })}
                            disabled={!state.matches('classifying')}
                          >
                            Cancel
                          </Button>
                        </Group>
                      )}
                      {open && (
                        <Group gap="xs" mt={6} data-testid="fallback-hints">
                          {suggestion !== null && (
                            <>
                              <Text size="xs" c="dimmed">
                                {FALLBACK_TEXTS.suggested}
                              </Text>
                              <Text size="xs" fw={600} data-testid="fallback-suggestion">
                                {suggestion}
                              </Text>
                              <Button
                                size="compact-xs"
                                variant="light"
                                onClick={() => actor.send({ type: 'fallback.useSuggestion' })}
                                disabled={!state.matches('classifying') || phrase === suggestion}
                              >
                                {FALLBACK_TEXTS.useSuggestion}
                              </Button>
                            </>
                          )}
                          {intentId === null && state.matches('classifying') && (
                            <Text size="xs" c="orange.8" data-testid="fallback-choose-class">
                              {FALLBACK_TEXTS.chooseClass}
                            </Text>
                          )}
                        </Group>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="default">{item.counter}</Badge>
                    </Table.Td>
                    <Table.Td>
                      <Conversations item={item} projectId={projectId} />
                    </Table.Td>
                    <Table.Td>
                      {canClassify && !open && (
                        <Button
                          size="xs"
                          variant="light"
                          onClick={() => actor.send({ type: 'fallback.open', id: item.id })}
                        >
                          Classify
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        )}
      </Card>
    </Stack>
  );
}
