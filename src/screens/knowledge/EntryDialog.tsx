import { Textarea, TextInput } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { FormModal } from '../../ui/FormModal.tsx';
import { UnsavedChangesModal } from '../../ui/UnsavedChangesModal.tsx';
import type { ActorRefFrom } from 'xstate';
import type { knowledgeEntriesMachine } from '../../machines/knowledgeEntries/machine.ts';
import { shownFormErrors } from '../../machines/knowledgeEntries/selectors.ts';

/** Add or edit an entry: its link (the citation) and its knowledge text (spec 2: "Knowledge: link, knowledge"). */
export function EntryDialog({ actor }: { actor: ActorRefFrom<typeof knowledgeEntriesMachine> }) {
  const open = useSelector(actor, (s) => s.matches({ ready: 'editing' }) || s.matches({ ready: 'saving' }));
  const saving = useSelector(actor, (s) => s.matches({ ready: 'saving' }));
  const form = useSelector(actor, (s) => s.context.form);
  const saveError = useSelector(actor, (s) => s.context.saveError);
  const errors = useSelector(actor, shownFormErrors);
  const asking = useSelector(actor, (s) => s.hasTag('asking'));
  const change = (patch: Partial<typeof form>) => actor.send({ type: 'form.change', patch });
  return (
    <>
      <UnsavedChangesModal opened={asking} onAnswer={(type) => actor.send({ type })} />
      <FormModal
        opened={open}
        title={form.id === null ? 'Add knowledge' : 'Edit knowledge'}
        saveError={saveError}
        saving={saving}
        onCancel={() => actor.send({ type: 'form.cancel' })}
        onSubmit={() => actor.send({ type: 'form.submit' })}
      >
        <TextInput
          label="Link"
          description="The page an answer cites (http:// or https://); optional."
          placeholder="https://example.com/opening-hours"
          value={form.link}
          error={errors.link}
          onChange={(event) => change({ link: event.currentTarget.value })}
        />
        <TextInput
          label="Title"
          description="Optional; an import takes the page's or file's title."
          value={form.title}
          onChange={(event) => change({ title: event.currentTarget.value })}
        />
        <Textarea
          label="Knowledge"
          description="What the bot may answer from; long texts are split into passages."
          autosize
          minRows={6}
          maxRows={16}
          value={form.knowledge}
          error={errors.knowledge}
          onChange={(event) => change({ knowledge: event.currentTarget.value })}
        />
      </FormModal>
    </>
  );
}
