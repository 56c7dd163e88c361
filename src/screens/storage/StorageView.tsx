import { Alert, Button, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconDownload, IconFolder, IconTrash, IconUpload } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { CANNOT_UPLOAD_FILES } from '../../api/contract/storage.ts';
import type { storageUploadMachine } from '../../machines/storageUpload/machine.ts';
import { formatSize, replacesExisting } from '../../machines/storageUpload/selectors.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { RowAction, RowActionsCell } from '../../ui/RowActions.tsx';

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
                    <RowActionsCell>
                      <RowAction
                        tooltip="Download"
                        label={`Download ${file.name}`}
                        icon={<IconDownload size={18} />}
                        onClick={() => send({ type: 'file.download', name: file.name })}
                      />
                      {canDelete && (
                        <RowAction
                          tooltip="Delete"
                          label={`Delete ${file.name}`}
                          icon={<IconTrash size={18} />}
                          color="red"
                          disabled={!ready}
                          loading={state.matches('deleting') && target === file.name}
                          onClick={() => send({ type: 'file.delete', name: file.name })}
                        />
                      )}
                    </RowActionsCell>
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

      <ConfirmDialog
        opened={state.matches('confirmingDelete')}
        title="Delete file"
        confirmLabel="Delete"
        onConfirm={() => send({ type: 'delete.confirm' })}
        onCancel={() => send({ type: 'delete.cancel' })}
      >
        <span style={{ wordBreak: 'break-all' }}>Delete {target}? Every version of it leaves the list.</span>
      </ConfirmDialog>
    </Stack>
  );
}
