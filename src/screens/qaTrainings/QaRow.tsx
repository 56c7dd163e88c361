import { ActionIcon, Badge, Group, Text, Tooltip } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconPencil, IconPoint, IconTrash } from '@tabler/icons-react';
import { memo } from 'react';
import type { QaQuestionResult, QaTrainingItem } from '../../api/contract/qa-trainings.ts';
import { MUST_NOT_BE_ANSWERED_LABEL } from '../../machines/qaTrainings/form.ts';
import classes from './QaTrainingsScreen.module.css';

/** Fixed, so the virtual list places rows without measuring them (see QaTrainingsScreen.module.css). */
export const QA_ROW_HEIGHT = 76;

/** The evaluation of one question: hit or miss, the expected entry's rank, the confidence and the hint. */
function ResultHint({ result }: { result: QaQuestionResult | undefined }) {
  if (!result) return <IconPoint size={16} color="var(--mantine-color-gray-4)" aria-label="Not evaluated" />;
  const detail = `${result.rank === null ? 'not in the hits' : `rank ${result.rank}`} · confidence ${result.confidence.toFixed(3)}`;
  return (
    <Group gap={6} wrap="nowrap" miw={0} data-testid="qa-result">
      {result.hit ? (
        <IconCircleCheck size={16} color="var(--mantine-color-teal-6)" aria-label="Answered right" />
      ) : (
        <IconAlertCircle size={16} color="var(--mantine-color-red-6)" aria-label="Missed" />
      )}
      <Text size="xs" c={result.hit ? 'dimmed' : 'red.7'} style={{ whiteSpace: 'nowrap' }}>
        {result.knowledge_id === null ? (result.hit ? 'no answer' : 'answered') : detail}
      </Text>
      {result.hint && (
        <Tooltip label={result.hint} multiline maw={360}>
          <Text size="xs" c="dimmed" truncate title={result.hint} data-testid="qa-hint">
            {result.hint}
          </Text>
        </Tooltip>
      )}
    </Group>
  );
}

/** One question: its text, the entry that must answer it, its evaluation, edit and delete. */
export const QaRow = memo(function QaRow(props: {
  training: QaTrainingItem;
  result: QaQuestionResult | undefined;
  canEdit: boolean;
  onEdit: (id: number) => void;
  onDelete: (id: number) => void;
}) {
  const { training, result, canEdit, onEdit, onDelete } = props;
  return (
    <div className={classes.row} data-testid={`qa-${training.id}`}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" fw={500} truncate title={training.question}>
          {training.question}
        </Text>
        {canEdit && (
          <Group gap={2} wrap="nowrap">
            <Tooltip label="Edit">
              <ActionIcon
                variant="subtle"
                aria-label={`Edit question ${training.question}`}
                onClick={() => onEdit(training.id)}
              >
                <IconPencil size={16} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Delete">
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Delete question ${training.question}`}
                onClick={() => onDelete(training.id)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        )}
      </Group>
      <Group gap="xs" wrap="nowrap" miw={0}>
        {training.knowledge_id === null ? (
          <Badge size="xs" variant="light" color="gray">
            {MUST_NOT_BE_ANSWERED_LABEL}
          </Badge>
        ) : (
          <Text size="xs" c="dimmed" truncate maw="45%" title={training.knowledge_title ?? ''}>
            → {training.knowledge_title ?? `Entry #${training.knowledge_id}`}
          </Text>
        )}
        <ResultHint result={result} />
      </Group>
    </div>
  );
});
