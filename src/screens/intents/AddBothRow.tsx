import { Button, Group, Loader, TextInput } from '@mantine/core';
import { IconArrowsExchange } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import type { Intent } from '../../api/contract/intents.ts';
import { useIntentsActors } from './IntentsActors.ts';
import classes from './IntentsScreen.module.css';
import { memo } from 'react';

/** 'Add Both': type the negative template; its positive variant appears after a 50 ms pause and a 75 ms polling wait; both are added. */
export const AddBothRow = memo(function AddBothRow({ intent, twin }: { intent: Intent; twin: Intent }) {
  const { polarity } = useIntentsActors();
  const mine = useSelector(
    polarity,
    (s) => (s.matches('addBoth') || s.matches('addingBoth')) && s.context.intentId === intent.id,
  );
  const negative = useSelector(polarity, (s) => (mine ? s.context.negative : ''));
  const positive = useSelector(polarity, (s) => (mine ? s.context.positive : ''));
  const generating = useSelector(polarity, (s) => mine && s.matches('addBoth') && !s.matches({ addBoth: 'ready' }));
  const adding = useSelector(polarity, (s) => mine && s.matches('addingBoth'));
  const canSubmit = useSelector(polarity, (s) => mine && s.can({ type: 'addBoth.submit' }));
  const submit = () => polarity.send({ type: 'addBoth.submit' });
  return (
    <Group className={classes.templateRow} gap="xs" wrap="nowrap" data-testid={`add-both-${intent.name}`}>
      <TextInput
        size="xs"
        style={{ flex: 1 }}
        placeholder={`Negative template (goes to ${twin.name})`}
        aria-label={`Negative template of ${intent.name}`}
        value={negative}
        onChange={(event) =>
          polarity.send({ type: 'addBoth.type', intentId: intent.id, value: event.currentTarget.value })
        }
        onKeyDown={(event) => {
          if (event.key === 'Escape') polarity.send({ type: 'addBoth.cancel' });
          if (event.key === 'Enter') submit();
        }}
      />
      <IconArrowsExchange size={16} color="var(--mantine-color-gray-5)" />
      <TextInput
        size="xs"
        style={{ flex: 1 }}
        placeholder="Positive variant (generated)"
        aria-label={`Positive template of ${intent.name}`}
        value={positive}
        disabled={!mine || generating}
        rightSection={generating ? <Loader size={12} /> : null}
        onChange={(event) => polarity.send({ type: 'addBoth.positive', value: event.currentTarget.value })}
        onKeyDown={(event) => {
          if (event.key === 'Enter') submit();
          if (event.key === 'Escape') polarity.send({ type: 'addBoth.cancel' });
        }}
      />
      <Button size="xs" variant="light" color="grape" onClick={submit} disabled={!canSubmit} loading={adding}>
        Add Both
      </Button>
    </Group>
  );
});
