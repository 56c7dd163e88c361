import { OneOffPasswordAlert } from '../../ui/OneOffPasswordAlert.tsx';
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  NativeSelect,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconKey, IconPencil, IconTrash, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { formErrors } from '../../machines/usersAdmin/form.ts';
import type { usersAdminMachine } from '../../machines/usersAdmin/machine.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { GuidedEmpty } from '../../ui/GuidedEmpty.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { RetryAlert } from '../../ui/RetryAlert.tsx';
import { RowAction, RowActionsCell } from '../../ui/RowActions.tsx';

/** What the signed-in user may do here; the server refuses the rest anyway. */
export interface UsersAdminPermissions {
  canEdit: boolean;
  canDelete: boolean;
  canReset: boolean;
}

type Actor = ActorRefFrom<typeof usersAdminMachine>;

const NO_PROJECT = '';

function UserFormModal({ actor }: { actor: Actor }) {
  const state = useSelector(actor, (s) => s);
  const { form, saveError, projects, roles } = state.context;
  const opened = state.matches('editing') || state.matches('saving');
  const errors = formErrors(form);
  const change = (patch: Partial<typeof form>) => {
    const { id: _id, ...fields } = { ...form, ...patch };
    actor.send({ type: 'form.change', form: fields });
  };
  return (
    <Modal
      opened={opened}
      onClose={() => actor.send({ type: 'dialog.cancel' })}
      title={form.id === null ? 'New user' : 'Edit user'}
      centered
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'form.submit' });
        }}
      >
        <Stack>
          <TextInput
            label="Name"
            data-autofocus
            value={form.name}
            error={form.name !== '' || form.email !== '' ? errors.name : undefined}
            onChange={(e) => change({ name: e.currentTarget.value })}
          />
          <TextInput
            label="Email"
            type="email"
            value={form.email}
            error={form.email !== '' ? errors.email : undefined}
            onChange={(e) => change({ email: e.currentTarget.value })}
          />
          {form.id !== null && (
            <Switch
              label="Active"
              description="An inactive user cannot sign in; their sessions end at once."
              checked={form.active}
              onChange={(e) => change({ active: e.currentTarget.checked })}
            />
          )}
          {form.id === null && projects.length > 0 && (
            // Issue 34: the role comes with the user, in the same save.
            <Group grow align="flex-start">
              <NativeSelect
                label="Project"
                value={form.projectId === null ? NO_PROJECT : String(form.projectId)}
                data={[
                  { value: NO_PROJECT, label: 'No project yet' },
                  ...projects.map((p) => ({ value: String(p.id), label: p.name })),
                ]}
                onChange={(e) =>
                  change({ projectId: e.currentTarget.value === NO_PROJECT ? null : Number(e.currentTarget.value) })
                }
              />
              <NativeSelect
                label="Role in the project"
                value={String(form.roleId)}
                disabled={form.projectId === null}
                data={roles.map((r) => ({ value: String(r.id), label: r.name }))}
                onChange={(e) => change({ roleId: Number(e.currentTarget.value) })}
              />
            </Group>
          )}
          {form.id === null && (
            <Text size="sm" c="dimmed">
              A one-off password is shown once after saving; the user must change it at the first login.
            </Text>
          )}
          {saveError && (
            <Alert color="red" title="Not saved">
              {saveError}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => actor.send({ type: 'dialog.cancel' })}>
              Cancel
            </Button>
            <Button
              type="submit"
              loading={state.hasTag('busy')}
              disabled={!state.can({ type: 'form.submit' }) && !state.hasTag('busy')}
            >
              {form.id === null ? 'Create user' : 'Save'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The users screen: who may sign in, with create, edit, delete and password reset, driven by its machine. */
export function UsersAdminView({ actor, permissions }: { actor: Actor; permissions: UsersAdminPermissions }) {
  const state = useSelector(actor, (s) => s);
  const { users, change, oneOffPassword } = state.context;
  const locked = !state.matches('ready');
  const header = (
    <PageHeader
      icon={IconUsers}
      title="Users"
      description="Who may sign in to the console. A new user gets a role in a project here; later changes are made in Manage roles."
      actions={
        permissions.canEdit && (
          <Button
            leftSection={<IconUserPlus size={16} />}
            disabled={locked}
            onClick={() => actor.send({ type: 'user.create' })}
          >
            Add user
          </Button>
        )
      }
    />
  );

  if (state.matches('failed'))
    return (
      <Stack>
        {header}
        <RetryAlert title="Cannot load the users." onRetry={() => actor.send({ type: 'users.reload' })} />
      </Stack>
    );
  if (!users)
    return (
      <Stack>
        {header}
        <Loader size="sm" aria-label="Loading users" />
      </Stack>
    );

  return (
    <Stack>
      {header}
      <OneOffPasswordAlert shown={oneOffPassword} onDismiss={() => actor.send({ type: 'password.dismiss' })} />
      {users.length === 0 ? (
        <GuidedEmpty
          icon={<IconUsers size={28} />}
          title="No users yet"
          sentence="Add a user: they get a one-off password and choose their own at the first login."
          action="Add user"
          onAction={permissions.canEdit ? () => actor.send({ type: 'user.create' }) : undefined}
        />
      ) : (
        <Table striped highlightOnHover withTableBorder aria-label="Users">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Email</Table.Th>
              <Table.Th>Projects</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {users.map((u) => (
              <Table.Tr key={u.id}>
                <Table.Td>{u.name}</Table.Td>
                <Table.Td>{u.email}</Table.Td>
                <Table.Td>{u.projects.length}</Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {u.active ? <Badge color="green">active</Badge> : <Badge color="gray">inactive</Badge>}
                    {u.password_expired && <Badge color="yellow">password expired</Badge>}
                  </Group>
                </Table.Td>
                <RowActionsCell>
                  {permissions.canEdit && (
                    <RowAction
                      tooltip="Edit"
                      label={`Edit ${u.email}`}
                      icon={<IconPencil size={16} />}
                      disabled={locked}
                      onClick={() => actor.send({ type: 'user.edit', id: u.id })}
                    />
                  )}
                  {permissions.canReset && (
                    <RowAction
                      tooltip="Reset password"
                      label={`Reset password of ${u.email}`}
                      icon={<IconKey size={16} />}
                      disabled={locked}
                      onClick={() => actor.send({ type: 'user.reset', id: u.id })}
                    />
                  )}
                  {permissions.canDelete && (
                    <RowAction
                      tooltip="Delete"
                      label={`Delete ${u.email}`}
                      icon={<IconTrash size={16} />}
                      color="red"
                      disabled={locked}
                      onClick={() => actor.send({ type: 'user.delete', id: u.id })}
                    />
                  )}
                </RowActionsCell>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <UserFormModal actor={actor} />
      <ConfirmDialog
        opened={(state.matches('confirming') || state.matches('applying')) && change !== null}
        title={change?.kind === 'delete' ? 'Delete user' : 'Reset password'}
        confirmLabel={change?.kind === 'delete' ? 'Delete' : 'Reset password'}
        color={change?.kind === 'delete' ? 'red' : 'yellow'}
        busy={state.hasTag('busy')}
        onConfirm={() => actor.send({ type: 'change.confirm' })}
        onCancel={() => actor.send({ type: 'dialog.cancel' })}
      >
        {change?.kind === 'delete'
          ? `Delete ${change.user.name} (${change.user.email})? They lose every project and cannot sign in; the users log keeps what they did.`
          : `Give ${change?.user.name} (${change?.user.email}) a new one-off password? Their current password and sessions stop working.`}
      </ConfirmDialog>
    </Stack>
  );
}
