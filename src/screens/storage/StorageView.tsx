import { ActionIcon, Alert, Button, Group, Loader, Modal, Stack, Table, Text, Tooltip } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconDownload, IconFolder, IconTrash, IconUpload } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { CANNOT_UPLOAD_FILES } from '../../api/contract/storage.ts';
import type { storageUploadMachine } from '../../machines/storageUpload/machine.ts';
import { formatSize, replacesExisting } from '../../machines/storageUpload/selectors.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';

export const STORAGE_EMPTY = 'No files yet.';

export interface StorageViewProps {
  actor: ActorRefFrom<typeof storageUploadMachine>;
  canUpload: boolean;
  canDelete: boolean;
}

/** The storage screen: drop zone, file table and the two confirmation dialogs, all derived from the machine. */
export function StorageView({ actor, canUpload, canDelete }: StorageViewProps) {
  const state = useSelector(actor, (s) => s);
  const { send } = actor;
  const { files, chosen, target, uploadError } = state.context;
  const ready = state.matches('idle');
  const canChoose = ready || state.matches('failed');

  return (
    <Stack>
      <PageHeader
        icon={IconFolder}
        title="Storage"
        description="Files of the project."
        actions={state.hasTag('loading') ? <Loader size="sm" aria-label="Loading files" /> : undefined}
      />
      {canUpload && (
        <Dropzone
          onDrop={(dropped) => {
            const file = dropped[0];
            if (file) send({ type: 'upload.choose', file });
          }}
          multiple={false}
          disabled={!canChoose}
          loading={state.matches('uploading')}
          aria-label="Upload a file"
        >
          <Group justify="center" gap="md" mih={90} style={{ pointerEvents: 'none' }}>
            <IconUpload size={32} stroke={1.5} />
            <div>
              <Text size="lg">Drop a file here or click to choose one</Text>
              <Text size="sm" c="dimmed">
                Uploading a name that exists adds a new version.
              </Text>
            </div>
          </Group>
        </Dropzone>
      )}
      {state.matches('failed') && (
        <Alert
          color="red"
          title={CANNOT_UPLOAD_FILES}
          withCloseButton
          closeButtonLabel="Close"
          onClose={() => send({ type: 'upload.dismiss' })}
        >
          {uploadError ?? 'The file was not stored.'}
        </Alert>
      )}
      {state.matches('loadFailed') && (
        <Alert color="red" title="The files could not be loaded.">
          <Button mt="sm" variant="light" onClick={() => send({ type: 'storage.reload' })}>
            Reload
          </Button>
        </Alert>
      )}
      {state.hasTag('loading') && files.length === 0
        ? null
        : !state.matches('loadFailed') &&
          (files.length === 0 ? (
            <Text c="dimmed" ta="center" p="xl">
              {STORAGE_EMPTY}
            </Text>
          ) : (
            <Table striped highlightOnHover aria-label="Project files">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Size</Table.Th>
                  <Table.Th>Type</Table.Th>
                  <Table.Th>Version</Table.Th>
                  <Table.Th aria-label="Actions" />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {files.map((file) => (
                  <Table.Tr key={file.name}>
                    <Table.Td style={{ wordBreak: 'break-all' }}>{file.name}</Table.Td>
                    <Table.Td>{formatSize(file.size)}</Table.Td>
                    <Table.Td>{file.type}</Table.Td>
                    <Table.Td>{file.version}</Table.Td>
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <Tooltip label="Download">
                          <ActionIcon
                            variant="subtle"
                            aria-label={`Download ${file.name}`}
                            onClick={() => send({ type: 'file.download', name: file.name })}
                          >
                            <IconDownload size={18} />
                          </ActionIcon>
                        </Tooltip>
                        {canDelete && (
                          <Tooltip label="Delete">
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              aria-label={`Delete ${file.name}`}
                              disabled={!ready}
                              loading={state.matches('deleting') && target === file.name}
                              onClick={() => send({ type: 'file.delete', name: file.name })}
                            >
                              <IconTrash size={18} />
                            </ActionIcon>
                          </Tooltip>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ))}

      <Modal
        opened={state.matches('confirmingUpload')}
        onClose={() => send({ type: 'upload.cancel' })}
        title="Upload file"
      >
        <Stack>
          <Text style={{ wordBreak: 'break-all' }}>
            Upload {chosen?.name} ({formatSize(chosen?.size ?? 0)})?
          </Text>
          {replacesExisting(state) && (
            <Text c="dimmed">A file with this name exists: this upload becomes its next version.</Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => send({ type: 'upload.cancel' })}>
              Cancel
            </Button>
            <Button onClick={() => send({ type: 'upload.confirm' })}>Upload</Button>
          </Group>
        </Stack>
      </Modal>

      <Modal
        opened={state.matches('confirmingDelete')}
        onClose={() => send({ type: 'delete.cancel' })}
        title="Delete file"
      >
        <Stack>
          <Text style={{ wordBreak: 'break-all' }}>Delete {target}? Every version of it leaves the list.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => send({ type: 'delete.cancel' })}>
              Cancel
            </Button>
            <Button color="red" onClick={() => send({ type: 'delete.confirm' })}>
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
