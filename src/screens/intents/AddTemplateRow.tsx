import { useSelector } from '@xstate/react';
import { memo } from 'react';
import type { Intent } from '../../api/contract/intents.ts';
import { typedFor } from '../../machines/templateEditing/selectors.ts';
import { AddInputRow } from '../../ui/AddInputRow.tsx';
import { useIntentsActors } from './IntentsActors.ts';
import classes from './IntentsScreen.module.css';

/** Adds a template to an expanded intent; the typed text is the chart's (leaving the screen asks while it is there). */
export const AddTemplateRow = memo(function AddTemplateRow({ intent }: { intent: Intent }) {
  const { templates } = useIntentsActors();
  const text = useSelector(templates, (s) => typedFor(s, intent.id));
  // Refused texts stay in the input for correction; accepted ones leave it as they are sent.
  const add = () => templates.send({ type: 'template.add', intentId: intent.id, template: text });
  return (
    <AddInputRow
      className={classes.templateRow}
      placeholder="Add a template and press Enter"
      label={`New template of ${intent.name}`}
      value={text}
      onChange={(value) => templates.send({ type: 'template.type', intentId: intent.id, value })}
      onAdd={add}
    />
  );
});
