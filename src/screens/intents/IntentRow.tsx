import { ActionIcon, Badge, Group, Switch, Text } from '@mantine/core';
import { IconAlertTriangle, IconChevronDown, IconChevronRight, IconRosette, IconTrash } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import type { Intent } from '../../api/contract/intents.ts';
import type { IntentEvaluation } from '../../api/contract/training.ts';
import { isNegative } from '../../machines/intentsList/intentsIndex.ts';
import { NO_REACTION, NO_REACTION_HINT, isPerfect } from '../../machines/intentsList/selectors.ts';
import { InlineEdit } from '../../ui/InlineEdit.tsx';
import { useIntentsActors } from './IntentsActors.ts';
import { ScoreBadge } from './ScoreBadge.tsx';
import classes from './IntentsScreen.module.css';
import { memo } from 'react';

/** An intent's header row: expand, rename, scores, polarity switch and delete (memoized like TemplateRow). */
export const IntentRow = memo(function IntentRow(props: {
  intent: Intent;
  expanded: boolean;
  evaluation: IntentEvaluation | undefined;
  hasTwin: boolean;
  flawed: boolean;
  /** No reaction lists the intent (issue 33). */
  noReaction?: boolean;
  /** Opened by a link (`?intent_id`, the command palette). */
  current?: boolean;
}) {
  const { intent, expanded, evaluation, hasTwin, flawed, noReaction = false, current = false } = props;
  const { list, polarity, canEdit } = useIntentsActors();
  const polarityBusy = useSelector(
    polarity,
    (s) => (s.hasTag('busy') || s.matches('confirmingDisable')) && s.context.intentId === intent.id,
  );
  const negative = isNegative(intent);
  const perfect = isPerfect(evaluation);
  const Chevron = expanded ? IconChevronDown : IconChevronRight;
  return (
    <Group
      className={classes.intentRow}
      justify="space-between"
      wrap="nowrap"
      data-testid={`intent-${intent.name}`}
      aria-current={current || undefined}
      data-current={current || undefined}
    >
      <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
        <ActionIcon
          variant="subtle"
          color="gray"
          onClick={() => list.send({ type: 'intent.toggle', id: intent.id })}
          aria-label={expanded ? `Collapse ${intent.name}` : `Expand ${intent.name}`}
          aria-expanded={expanded}
        >
          <Chevron size={18} />
        </ActionIcon>
        {canEdit && !negative ? (
          <InlineEdit
            value={intent.name}
            aria-label={`Rename ${intent.name}`}
            onSave={(name) => list.send({ type: 'intent.rename', id: intent.id, name })}
          />
        ) : (
          <Text fw={600} truncate>
            {intent.name}
          </Text>
        )}
        {negative && (
          <Badge size="xs" color="grape" variant="light">
            negative
          </Badge>
        )}
        <Badge size="sm" variant="default" className={classes.count}>
          {intent.templates.length}
        </Badge>
        {noReaction && (
          // A native title, like the row's other hints: a keystroke can mount a screenful of rows at once.
          <Badge
            size="xs"
            color="orange"
            variant="light"
            title={NO_REACTION_HINT}
            data-testid="no-reaction"
            style={{ flexShrink: 0 }}
          >
            {NO_REACTION}
          </Badge>
        )}
      </Group>
      <Group gap="xs" wrap="nowrap">
        {flawed && (
          <span title="Has clashing or unrecognized templates" className={classes.rowIcon}>
            <IconAlertTriangle size={18} color="var(--mantine-color-orange-6)" aria-label="Has flaws" />
          </span>
        )}
        {evaluation && (
          <>
            <ScoreBadge label="P" title="Precision" score={evaluation.precision} testId="precision" />
            <ScoreBadge label="R" title="Recall" score={evaluation.recall} testId="recall" />
            {perfect && (
              <Badge color="teal" leftSection={<IconRosette size={12} />} data-testid="perfect">
                perfect
              </Badge>
            )}
          </>
        )}
        {canEdit && !negative && (
          // Native titles, not Mantine tooltips: a search keystroke can mount a screenful of rows at once.
          <Switch
            title={hasTwin ? 'Has a negative twin' : 'Add a negative twin'}
            size="sm"
            label="Polarity"
            checked={hasTwin}
            disabled={polarityBusy}
            aria-label={`Polarity of ${intent.name}`}
            onChange={(event) =>
              polarity.send({
                type: event.currentTarget.checked ? 'polarity.enable' : 'polarity.disable',
                intentId: intent.id,
              })
            }
          />
        )}
        {canEdit && (
          <ActionIcon
            variant="subtle"
            color="red"
            title="Remove intent"
            onClick={() => list.send({ type: 'intent.delete', id: intent.id })}
            aria-label={`Remove ${intent.name}`}
          >
            <IconTrash size={16} />
          </ActionIcon>
        )}
      </Group>
    </Group>
  );
});
