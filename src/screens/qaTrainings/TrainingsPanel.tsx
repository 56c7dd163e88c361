import { Alert, Button, FileButton, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { IconDownload, IconPlus, IconSearch, IconUpload } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import { useCallback, useMemo } from 'react';
import type { ActorRefFrom } from 'xstate';
import { QA_CSV_COLUMNS, type QaQuestionResult } from '../../api/contract/qa-trainings.ts';
import type { qaTrainingsMachine } from '../../machines/qaTrainings/machine.ts';
import { matchingTrainings } from '../../machines/qaTrainings/selectors.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { ImportConfirmDialog } from '../../ui/ImportConfirmDialog.tsx';
import { GuidedEmpty } from '../../ui/GuidedEmpty.tsx';
import { VirtualList } from '../../ui/VirtualList.tsx';
import { QaDialog } from './QaDialog.tsx';
import { QA_ROW_HEIGHT, QaRow } from './QaRow.tsx';
import classes from './QaTrainingsScreen.module.css';

export const QA_EMPTY_TITLE = 'No questions yet';

/** The questions: search, the virtual list with each one's evaluation, add/edit/delete, CSV import and export. */
export function TrainingsPanel(props: {
  actor: ActorRefFrom<typeof qaTrainingsMachine>;
  canEdit: boolean;
  /** The latest evaluation's result per question id. */
  results: Map<number, QaQuestionResult>;
}) {
  const { actor, canEdit, results } = props;
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const trainings = useSelector(actor, (s) => s.context.trainings);
  const search = useSelector(actor, (s) => s.context.search);
  const idle = useSelector(actor, (s) => s.matches({ ready: 'idle' }));
  const exporting = useSelector(actor, (s) => s.matches({ ready: 'exporting' }));
  const confirmingDelete = useSelector(actor, (s) => s.matches({ ready: 'confirmingDelete' }));
  const deleting = useSelector(actor, (s) => s.matches({ ready: 'deleting' }));
  const confirmingImport = useSelector(actor, (s) => s.matches({ ready: 'confirmingImport' }));
  const importing = useSelector(actor, (s) => s.matches({ ready: 'importing' }));
  const pendingImport = useSelector(actor, (s) => s.context.pendingImport);
  const importError = useSelector(actor, (s) => s.context.importError);
  const doomed = useSelector(actor, (s) => s.context.trainings.find((t) => t.id === s.context.pendingDelete));
  const shown = useMemo(() => matchingTrainings(trainings, search), [trainings, search]);
  const edit = useCallback((id: number) => actor.send({ type: 'training.edit', id }), [actor]);
  const remove = useCallback((id: number) => actor.send({ type: 'training.delete', id }), [actor]);
  const add = () => actor.send({ type: 'training.add' });

  return (
    <Stack gap="sm">
      <Group gap="sm" wrap="nowrap">
        <TextInput
          style={{ flex: 1 }}
          leftSection={<IconSearch size={16} />}
          placeholder="Search questions"
          aria-label="Search questions"
          value={search}
          onChange={(event) => actor.send({ type: 'search.change', value: event.currentTarget.value })}
        />
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          loading={exporting}
          disabled={!idle}
          onClick={() => actor.send({ type: 'trainings.export' })}
        >
          Export CSV
        </Button>
        {canEdit && (
          <FileButton accept=".csv,text/csv" onChange={(file) => file && actor.send({ type: 'import.choose', file })}>
            {(buttonProps) => (
              <Button
                {...buttonProps}
                variant="default"
                leftSection={<IconUpload size={16} />}
                loading={importing}
                disabled={!idle}
              >
                Import CSV
              </Button>
            )}
          </FileButton>
        )}
        {canEdit && (
          <Button leftSection={<IconPlus size={16} />} onClick={add} disabled={!idle}>
            Add question
          </Button>
        )}
      </Group>
      {importError && (
        <Alert
          color="red"
          variant="light"
          title="Nothing was imported"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => actor.send({ type: 'import.dismiss' })}
          data-testid="qa-import-error"
        >
          {importError}
        </Alert>
      )}
      {loading && (
        <Group justify="center" py="xl">
          <Loader aria-label="Loading questions" />
        </Group>
      )}
      {failed && (
        <Alert color="red" variant="light" title="The questions could not be loaded">
          <Button size="xs" variant="light" color="red" onClick={() => actor.send({ type: 'trainings.reload' })}>
            Try again
          </Button>
        </Alert>
      )}
      {!loading && !failed && (
        <>
          <Text size="xs" c="dimmed" data-testid="qa-summary">
            {shown.length === trainings.length
              ? `${trainings.length} questions`
              : `${shown.length} of ${trainings.length} questions`}
          </Text>
          {trainings.length === 0 ? (
            <GuidedEmpty
              testId="qa-empty"
              title={QA_EMPTY_TITLE}
              sentence="A question tied to the entry that must answer it measures the knowledge base: add one, or import a CSV."
              action="Add a question"
              onAction={canEdit ? add : undefined}
            />
          ) : (
            <VirtualList
              items={shown}
              rowHeight={QA_ROW_HEIGHT}
              keyOf={(t) => t.id}
              className={classes.list}
              label="Questions"
              renderRow={(training) => (
                <QaRow
                  training={training}
                  result={results.get(training.id)}
                  canEdit={canEdit}
                  onEdit={edit}
                  onDelete={remove}
                />
              )}
            />
          )}
        </>
      )}
      <QaDialog actor={actor} />
      <ConfirmDialog
        opened={confirmingDelete || deleting}
        busy={deleting}
        title="Delete question?"
        confirmLabel="Delete"
        onConfirm={() => actor.send({ type: 'delete.confirm' })}
        onCancel={() => actor.send({ type: 'delete.cancel' })}
      >
        The question “{doomed?.question}” will be deleted.
      </ConfirmDialog>
      <ImportConfirmDialog
        confirming={confirmingImport}
        importing={importing}
        onConfirm={() => actor.send({ type: 'import.confirm' })}
        onCancel={() => actor.send({ type: 'import.cancel' })}
      >
        The questions of “{pendingImport?.name}” (CSV with columns {QA_CSV_COLUMNS.join(',')}) will be added; a bad row
        refuses the whole file.
      </ImportConfirmDialog>
    </Stack>
  );
}
