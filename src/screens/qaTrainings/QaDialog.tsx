import { Select, Textarea } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { FormModal } from '../../ui/FormModal.tsx';
import type { ActorRefFrom } from 'xstate';
import { MUST_NOT_BE_ANSWERED, MUST_NOT_BE_ANSWERED_LABEL, qaFormErrors } from '../../machines/qaTrainings/form.ts';
import type { qaTrainingsMachine } from '../../machines/qaTrainings/machine.ts';

/** Add or edit a question and the entry that must answer it (or "must not be answered"). */
export function QaDialog({ actor }: { actor: ActorRefFrom<typeof qaTrainingsMachine> }) {
  const open = useSelector(actor, (s) => s.matches({ ready: 'editing' }) || s.matches({ ready: 'saving' }));
  const saving = useSelector(actor, (s) => s.matches({ ready: 'saving' }));
  const form = useSelector(actor, (s) => s.context.form);
  const entries = useSelector(actor, (s) => s.context.entries);
  const saveError = useSelector(actor, (s) => s.context.saveError);
  const attempted = useSelector(actor, (s) => s.context.attempted);
  const errors = attempted ? qaFormErrors(form) : {};
  const options = [
    { value: MUST_NOT_BE_ANSWERED, label: MUST_NOT_BE_ANSWERED_LABEL },
    ...entries.map((e) => ({ value: String(e.id), label: e.label })),
  ];
  return (
    <FormModal
      opened={open}
      title={form.id === null ? 'Add question' : 'Edit question'}
      saveError={saveError}
      saving={saving}
      onCancel={() => actor.send({ type: 'form.cancel' })}
      onSubmit={() => actor.send({ type: 'form.submit' })}
    >
      <Textarea
        label="Question"
        description="As a user would ask it."
        autosize
        minRows={2}
        value={form.question}
        error={errors.question}
        onChange={(event) => actor.send({ type: 'form.change', patch: { question: event.currentTarget.value } })}
      />
      <Select
        label="Expected entry"
        description="The knowledge entry that must answer it."
        placeholder="Choose an entry"
        searchable
        data={options}
        value={form.expected === null ? null : String(form.expected)}
        error={errors.expected}
        comboboxProps={{ withinPortal: false }}
        onChange={(value) =>
          actor.send({
            type: 'form.change',
            patch: {
              expected: value === null ? null : value === MUST_NOT_BE_ANSWERED ? MUST_NOT_BE_ANSWERED : Number(value),
            },
          })
        }
      />
    </FormModal>
  );
}
