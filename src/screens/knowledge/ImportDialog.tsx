import {
  Alert,
  Button,
  FileInput,
  Group,
  Modal,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { KNOWLEDGE_CSV_COLUMNS, KNOWLEDGE_FILE_TYPES } from '../../api/contract/knowledges.ts';
import type { knowledgeImportMachine } from '../../machines/knowledgeImport/machine.ts';
import type { ImportSource } from '../../machines/knowledgeImport/request.ts';

const SOURCES: Array<{ value: ImportSource; label: string }> = [
  { value: 'url', label: 'From a URL' },
  { value: 'file', label: 'From a project file' },
  { value: 'csv', label: 'From a CSV' },
];

/** Project files the server can extract (by extension; it checks the content itself). */
const EXTRACTABLE = /\.(pdf|html?|md|markdown|txt)$/i;

/** The Import button and its dialog: a URL, a file of the project's storage, or a CSV `link,knowledge`. */
export function ImportDialog({ actor }: { actor: ActorRefFrom<typeof knowledgeImportMachine> }) {
  const state = useSelector(actor, (s) => s);
  const { source, url, file, csv, files, error } = state.context;
  const open = !state.matches('closed');
  const importing = state.matches('importing');
  const send = actor.send;
  const extractable = files.filter((f) => EXTRACTABLE.test(f.name));
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconFileImport size={16} />}
        onClick={() => send({ type: 'import.open' })}
      >
        Import
      </Button>
      <Modal opened={open} onClose={() => send({ type: 'import.close' })} title="Import knowledge" size="lg">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'import.submit' });
          }}
        >
          <Stack>
            <SegmentedControl
              fullWidth
              data={SOURCES}
              value={source}
              disabled={importing}
              onChange={(value) => send({ type: 'source.select', source: value as ImportSource })}
            />
            {source === 'url' && (
              <TextInput
                label="URL"
                description="The server fetches the page (public addresses only) and keeps its readable text."
                placeholder="https://example.com/help/returns"
                value={url}
                data-autofocus
                onChange={(event) => send({ type: 'url.change', url: event.currentTarget.value })}
              />
            )}
            {source === 'file' && (
              <Select
                label="Project file"
                description={`A file of the project's storage: ${KNOWLEDGE_FILE_TYPES.join(', ')}.`}
                placeholder={state.matches({ open: 'opening' }) ? 'Loading files…' : 'Choose a file'}
                data={extractable.map((f) => f.name)}
                value={file}
                searchable
                nothingFoundMessage="No PDF, HTML, Markdown or text file in storage"
                onChange={(name) => send({ type: 'file.select', name })}
              />
            )}
            {source === 'csv' && (
              <FileInput
                label="CSV file"
                description={`Columns ${KNOWLEDGE_CSV_COLUMNS.join(',')}: every row or none is imported.`}
                placeholder="Choose a CSV file"
                accept=".csv,text/csv"
                value={csv}
                clearable
                onChange={(chosen) => send({ type: 'csv.choose', file: chosen })}
              />
            )}
            {error && (
              <Alert color="red" variant="light" title="Nothing was imported" data-testid="import-error">
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {error}
                </Text>
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => send({ type: 'import.close' })} disabled={importing}>
                Cancel
              </Button>
              <Button type="submit" loading={importing} disabled={!state.can({ type: 'import.submit' })}>
                Import
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
