import { Alert, Button, Code, Group, List, Modal, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconFileTypeCsv } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { CALL_LIST_HEADER, SCHEDULED_TIME_EXAMPLE } from '../../api/contract/outbound.ts';
import { CANNOT_UPLOAD_FILES } from '../../api/contract/storage.ts';
import type { callImportMachine } from '../../machines/callImport/machine.ts';

/** The CSV import modal (spec 2 §2, §5): the format, the file, a confirmation, and the server's problems by line. */
export function CallImportModal({ actor }: { actor: ActorRefFrom<typeof callImportMachine> }) {
  const state = useSelector(actor, (s) => s);
  const { send } = actor;
  const { campaignName, file, problems } = state.context;
  const choosing = state.matches('choosing') || state.matches('failed');

  return (
    <>
      <Modal
        opened={choosing || state.matches('uploading')}
        onClose={() => send({ type: 'import.close' })}
        title={`Import calls into ${campaignName}`}
        size="lg"
      >
        <Stack>
          <Text size="sm">
            A CSV file with the header <Code>{CALL_LIST_HEADER}</Code>: one call per line, the destination as an E.164
            number (<Code>+420601234567</Code>) or a SIP URI (<Code>sip:alice@example.com</Code>), the time in UTC as{' '}
            <Code>{SCHEDULED_TIME_EXAMPLE}</Code>. The whole file is imported, or nothing.
          </Text>
          {state.matches('failed') && (
            <Alert color="red" title={CANNOT_UPLOAD_FILES} role="alert">
              <Text size="sm" mb="xs">
                Nothing was imported. Correct the file and choose it again.
              </Text>
              <List size="sm" spacing={2} data-testid="import-problems" style={{ maxHeight: 200, overflowY: 'auto' }}>
                {problems.map((problem) => (
                  <List.Item key={problem}>{problem}</List.Item>
                ))}
              </List>
            </Alert>
          )}
          <Dropzone
            onDrop={(dropped) => {
              const chosen = dropped[0];
              if (chosen) send({ type: 'import.choose', file: chosen });
            }}
            multiple={false}
            disabled={!choosing}
            loading={state.matches('uploading')}
            aria-label="Choose a call list"
          >
            <Group justify="center" gap="md" mih={80} style={{ pointerEvents: 'none' }}>
              <IconFileTypeCsv size={32} stroke={1.5} />
              <Text>Drop the CSV here or click to choose it</Text>
            </Group>
          </Dropzone>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => send({ type: 'import.close' })} disabled={!choosing}>
              Close
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal opened={state.matches('confirming')} onClose={() => send({ type: 'import.cancel' })} title="Upload file">
        <Stack>
          <Text style={{ wordBreak: 'break-all' }}>
            Upload {file?.name} and add its calls to {campaignName}?
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => send({ type: 'import.cancel' })}>
              Cancel
            </Button>
            <Button onClick={() => send({ type: 'import.confirm' })}>Upload</Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
