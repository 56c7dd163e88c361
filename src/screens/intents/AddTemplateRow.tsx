import { Button, Group, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { memo, useState } from 'react';
import type { Intent } from '../../api/contract/intents.ts';
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
    <Group className={classes.templateRow} gap="xs" wrap="nowrap">
      <TextInput
        size="xs"
        style={{ flex: 1 }}
        placeholder="Add a template and press Enter"
        aria-label={`New template of ${intent.name}`}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') add();
        }}
      />
      <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={add}>
        Add
      </Button>
    </Group>
  );
});
