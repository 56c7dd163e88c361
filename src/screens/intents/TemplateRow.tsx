import { Group, Text, TextInput, Tooltip } from '@mantine/core';
import {
  IconAlertCircle,
  IconCircleCheck,
  IconCircleDashed,
  IconPencil,
  IconPoint,
  IconTrash,
} from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import type { TemplateEvaluation } from '../../api/contract/training.ts';
import { templateHint } from '../../machines/intentsList/selectors.ts';
import { isEditing } from '../../machines/templateEditing/selectors.ts';
import { useIntentsActors } from './IntentsActors.ts';
import classes from './IntentsScreen.module.css';
import { memo } from 'react';

const percent = (confidence: number) => `${(confidence * 100).toFixed(0)} %`;

/** Per-template evaluation hint (spec 2 §2). */
function Hint({ data }: { data: TemplateEvaluation | undefined }) {
  const hint = templateHint(data);
  switch (hint.kind) {
    case 'recognized':
      return (
        <Tooltip label={`Recognized (${percent(hint.confidence)})`}>
          <IconCircleCheck size={16} color="var(--mantine-color-teal-6)" aria-label="Recognized" />
        </Tooltip>
      );
    case 'belowThreshold':
      return (
        <Tooltip label={`Recognized below threshold (${percent(hint.confidence)})`}>
          <IconCircleDashed size={16} color="var(--mantine-color-yellow-7)" aria-label="Recognized below threshold" />
        </Tooltip>
      );
    case 'mispredicted':
      return (
        <Tooltip label={`Predicted ${hint.prediction ?? 'nothing'} (${percent(hint.confidence)})`}>
          <Group gap={4} wrap="nowrap" aria-label="Not recognized">
            <IconAlertCircle size={16} color="var(--mantine-color-red-6)" />
            <Text size="xs" c="red.7" truncate maw={180}>
              {hint.prediction ?? 'nothing'} {percent(hint.confidence)}
            </Text>
          </Group>
        </Tooltip>
      );
    default:
      return <IconPoint size={16} color="var(--mantine-color-gray-4)" aria-label="Not evaluated" />;
  }
}

/** One template: text with its hint, inline edit (Enter saves, Esc restores) and delete. Memoized: a row still in
 * view after a keystroke is not rendered again. */
export const TemplateRow = memo(function TemplateRow(props: {
  intentId: number;
  template: string;
  evaluation: TemplateEvaluation | undefined;
  clashing: boolean;
}) {
  const { intentId, template, evaluation, clashing } = props;
  const { templates, canEdit } = useIntentsActors();
  const editing = useSelector(templates, (s) => isEditing(s, intentId, template));
  const draft = useSelector(templates, (s) => (editing ? s.context.draft : ''));
  const saving = useSelector(templates, (s) => editing && s.matches({ template: 'saving' }));
  if (editing) {
    return (
      <Group className={classes.templateRow} wrap="nowrap" data-clash={clashing || undefined}>
        <TextInput
          size="xs"
          autoFocus
          style={{ flex: 1 }}
          value={draft}
          disabled={saving}
          aria-label="Edit template"
          onChange={(event) => templates.send({ type: 'template.change', value: event.currentTarget.value })}
          onKeyDown={(event) => {
            if (event.key === 'Enter') templates.send({ type: 'template.save' });
            if (event.key === 'Escape') templates.send({ type: 'template.cancel' });
          }}
        />
      </Group>
    );
  }
  // Plain elements styled by the module rather than Mantine components: one search keystroke can mount a screenful
  // of these rows at once, and each Mantine component costs several hooks.
  return (
    <div className={classes.templateRow} data-clash={clashing || undefined}>
      {/* One line (the whole text on hover and in the editor), so that every template row has the same height. */}
      <span className={classes.templateText} title={template}>
        {template}
      </span>
      <Hint data={evaluation} />
      {canEdit && (
        <span className={classes.rowActions}>
          <button
            type="button"
            className={classes.iconButton}
            aria-label={`Edit template ${template}`}
            onClick={() => templates.send({ type: 'template.edit', intentId, template })}
          >
            <IconPencil size={14} />
          </button>
          <button
            type="button"
            className={classes.iconButton}
            data-danger
            aria-label={`Delete template ${template}`}
            onClick={() => templates.send({ type: 'template.delete', intentId, template })}
          >
            <IconTrash size={14} />
          </button>
        </span>
      )}
    </div>
  );
});
