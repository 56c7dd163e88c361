import { memo, useState } from 'react';
import type { Intent } from '../../api/contract/intents.ts';
import { AddInputRow } from '../../ui/AddInputRow.tsx';
import { useIntentsActors } from './IntentsActors.ts';
import classes from './IntentsScreen.module.css';

/** Adds a template to an expanded intent; the typed text is a local draft until it is sent. */
export const AddTemplateRow = memo(function AddTemplateRow({ intent }: { intent: Intent }) {
  const { templates } = useIntentsActors();
  const [text, setText] = useState('');
  const add = () => {
    templates.send({ type: 'template.add', intentId: intent.id, template: text });
    // Refused texts stay in the input for correction; accepted ones are being saved.
    if (templates.getSnapshot().matches('adding')) setText('');
  };
  return (
    <AddInputRow
      className={classes.templateRow}
      placeholder="Add a template and press Enter"
      label={`New template of ${intent.name}`}
      value={text}
      onChange={setText}
      onAdd={add}
    />
  );
});
