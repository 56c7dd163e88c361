import { Alert, Badge, Button, Checkbox, Group, Loader, Select, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { PHRASE_TRIAGE_TEXTS, type phraseTriageMachine, type SaidPhrase } from '../../machines/phraseTriage/machine.ts';
import { providedPhraseTriageMachine } from '../../machines/phraseTriage/provide.ts';

type TriageActor = ActorRefFrom<typeof phraseTriageMachine>;

/** Triage in the open conversation (issue 19): tick what the user said, one class, one click, kept as test. */
export function PhraseTriageView({ actor, canKeepTests }: { actor: TriageActor; canKeepTests: boolean }) {
  const state = useSelector(actor, (s) => s);
  const { phrases, intents, selected, intentId, keepAsTest, done } = state.context;
  const send = actor.send;
  return (
    <Stack gap="xs" data-testid="phrase-triage">
      <Title order={4} fz="md">
        Triage
      </Title>
      {state.hasTag('loading') && <Loader size="xs" aria-label="Loading intents" />}
      {state.matches('failed') && (
        <Alert color="red" title={PHRASE_TRIAGE_TEXTS.loadFailed}>
          <Button size="xs" variant="light" color="red" onClick={() => send({ type: 'triage.retry' })}>
            Retry
          </Button>
        </Alert>
      )}
      {phrases.length === 0 && (
        <Text size="sm" c="dimmed">
          The user said nothing in this conversation.
        </Text>
      )}
      {phrases.map((p) => (
        <Group key={p.text} gap="xs" wrap="nowrap">
          <Checkbox
            size="xs"
            aria-label={`Tick ${p.text}`}
            checked={selected.includes(p.text)}
            disabled={!state.matches('ready') || done.includes(p.text)}
            onChange={(e) => send({ type: 'triage.select', text: p.text, on: e.currentTarget.checked })}
          />
          <Text size="sm" style={{ flex: 1 }}>
            {p.text}
          </Text>
          {done.includes(p.text) ? (
            <Badge size="xs" color="green" variant="light">
              classified
            </Badge>
          ) : (
            <Badge size="xs" color={p.intent ? 'gray' : 'orange'} variant="light">
              {p.intent ?? 'no intent'}
            </Badge>
          )}
        </Group>
      ))}
      {phrases.length > 0 && (
        <Group gap="xs" align="center">
          <Select
            size="xs"
            w={200}
            aria-label="Class for ticked phrases"
            placeholder="Class"
            searchable
            data={intents.map((i) => ({ value: String(i.id), label: i.name }))}
            value={intentId === null ? null : String(intentId)}
            disabled={!state.matches('ready')}
            onChange={(value) => send({ type: 'triage.class', intentId: value ? Number(value) : null })}
          />
          {canKeepTests && (
            <Tooltip label="Also add each phrase as a step of the intent's test">
              <Checkbox
                size="xs"
                label="Keep as test"
                checked={keepAsTest}
                disabled={!state.matches('ready')}
                onChange={(e) => send({ type: 'triage.keepAsTest', on: e.currentTarget.checked })}
              />
            </Tooltip>
          )}
          <Button
            size="xs"
            loading={state.matches('saving')}
            disabled={!state.can({ type: 'triage.apply' }) && !state.matches('saving')}
            onClick={() => send({ type: 'triage.apply' })}
          >
            Classify selected
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** The panel with its own machine, fresh for each conversation (the drawer keys it). */
export function PhraseTriagePanel({ phrases, canKeepTests }: { phrases: SaidPhrase[]; canKeepTests: boolean }) {
  const actor = useActorRef(providedPhraseTriageMachine, { input: { phrases } });
  return <PhraseTriageView actor={actor} canKeepTests={canKeepTests} />;
}
