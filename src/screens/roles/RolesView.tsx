import {
  Alert,
  Button,
  Card,
  Checkbox,
  Fieldset,
  Grid,
  Group,
  Kbd,
  Loader,
  Modal,
  NativeSelect,
  NavLink,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import {
  IconBuildingCommunity,
  IconDeviceFloppy,
  IconLock,
  IconPlus,
  IconShieldLock,
  IconTrash,
} from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { ADMINISTRATOR_HOLDS_ALL } from '../../api/contract/roles.ts';
import { ROLES_FROM_DIRECTORY } from '../../api/contract/sso.ts';
import {
  isDeletableRole,
  isEditableRole,
  mayChangeMembers,
  mayEditRolePermissions,
} from '../../machines/roleEditing/guards.ts';
import type { roleEditingMachine } from '../../machines/roleEditing/machine.ts';
import {
  READ_ONLY_MEMBERS,
  READ_ONLY_PERMISSIONS,
  SAVE_FIRST,
  SAVE_LABEL,
  isDirty,
  selectedPermissions,
  selectedRole,
  userLabel,
  visibleMembers,
} from '../../machines/roleEditing/selectors.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { RetryAlert } from '../../ui/RetryAlert.tsx';

export interface RolesViewProps {
  actor: ActorRefFrom<typeof roleEditingMachine>;
}

/** The line saying why a part of the screen cannot be changed. */
function ReadOnlyLine({ text, testId }: { text: string; testId: string }) {
  return (
    <Alert color="gray" variant="light" icon={<IconLock size={18} />} mb="md" data-testid={testId}>
      {text}
    </Alert>
  );
}

const ALL_USERS = '';

/** /app/roles (spec 1 §2): who holds which role per project, and what each role may do. Only renders and sends. */
export function RolesView({ actor }: RolesViewProps) {
  const state = useSelector(actor, (s) => s);
  const { send } = actor;
  // What the machine lets change (issue 34): without either grant there is nothing to save.
  const { mayEditPermissions, mayAssign } = state.context;
  const canEdit = mayEditPermissions || mayAssign;
  // Ctrl+S saves from anywhere on the screen, inputs included.
  useHotkeys([['mod+S', () => canEdit && send({ type: 'save' }), { preventDefault: true }]], []);
  const busy = state.hasTag('busy');
  const header = (
    <PageHeader
      icon={IconShieldLock}
      title="Manage roles"
      description="Roles, their permissions and who holds them in each project."
      actions={
        canEdit && (
          <Button
            leftSection={<IconDeviceFloppy size={16} />}
            onClick={() => send({ type: 'save' })}
            loading={busy}
            disabled={!state.matches('ready')}
            variant={isDirty(state) ? 'filled' : 'light'}
          >
            {SAVE_LABEL}
            <Kbd ml="xs" size="xs">
              Ctrl+S
            </Kbd>
          </Button>
        )
      }
    />
  );

  if (state.hasTag('loading')) {
    return (
      <Stack>
        {header}
        <Loader aria-label="Loading roles" />
      </Stack>
    );
  }
  if (state.matches('failed')) {
    return (
      <Stack>
        {header}
        <RetryAlert title="Roles could not be loaded." onRetry={() => send({ type: 'roles.retry' })} />
      </Stack>
    );
  }

  const { context } = state;
  const role = selectedRole(state);
  const ticked = new Set(selectedPermissions(state));
  const editable = mayEditRolePermissions(context);
  const membersEditable = mayChangeMembers(context);
  const permissionById = new Map(context.permissions.map((p) => [p.id, p]));
  const roleOptions = context.roles.map((r) => ({ value: String(r.id), label: r.name }));
  // Synchronised from the corporate directory: the assignments are shown as they are, without controls.
  const fromDirectory = context.assignmentsFromDirectory;

  return (
    <Stack gap="lg" data-testid="roles-screen" data-dirty={isDirty(state)}>
      {header}

      <Card withBorder padding="lg">
        {fromDirectory && (
          <Alert color="blue" icon={<IconBuildingCommunity size={18} />} mb="md" data-testid="roles-from-directory">
            {ROLES_FROM_DIRECTORY} Users get their role in each project from their directory groups when they sign in;
            the assignments below are read-only.
          </Alert>
        )}
        {!fromDirectory && !mayAssign && <ReadOnlyLine text={READ_ONLY_MEMBERS} testId="members-read-only" />}
        <Group justify="space-between" mb="md">
          <Title order={3}>Users in projects</Title>
          <NativeSelect
            label="Filter by user"
            value={context.userFilter === null ? ALL_USERS : String(context.userFilter)}
            onChange={(e) =>
              send({
                type: 'filter.user',
                userId: e.currentTarget.value === ALL_USERS ? null : Number(e.currentTarget.value),
              })
            }
            data={[
              { value: ALL_USERS, label: 'All users' },
              ...context.users.map((u) => ({ value: String(u.id), label: `${u.name} (${u.email})` })),
            ]}
          />
        </Group>
        <SimpleGrid cols={{ base: 1, lg: 2 }}>
          {context.draftProjects.map((project) => {
            return (
              <Fieldset
                key={project.project_id}
                legend={project.project_name}
                data-testid={`project-${project.project_id}`}
              >
                <Table>
                  <Table.Tbody>
                    {visibleMembers(state, project.project_id).map((member) => {
                      const label = userLabel(context.users, member.user_id);
                      return (
                        <Table.Tr key={member.user_id}>
                          <Table.Td>{label}</Table.Td>
                          <Table.Td>
                            {fromDirectory ? (
                              <Text size="sm">
                                {roleOptions.find((r) => r.value === String(member.role_id))?.label}
                              </Text>
                            ) : (
                              <NativeSelect
                                aria-label={`Role of ${label} in ${project.project_name}`}
                                value={String(member.role_id)}
                                data={roleOptions}
                                disabled={busy || !membersEditable}
                                onChange={(e) =>
                                  send({
                                    type: 'member.role',
                                    projectId: project.project_id,
                                    userId: member.user_id,
                                    roleId: Number(e.currentTarget.value),
                                  })
                                }
                              />
                            )}
                          </Table.Td>
                          <Table.Td>
                            {!fromDirectory && (
                              <Button
                                variant="subtle"
                                color="red"
                                aria-label={`Remove ${label} from ${project.project_name}`}
                                disabled={busy || !membersEditable}
                                onClick={() =>
                                  send({ type: 'member.remove', projectId: project.project_id, userId: member.user_id })
                                }
                              >
                                <IconTrash size={16} />
                              </Button>
                            )}
                          </Table.Td>
                        </Table.Tr>
                      );
                    })}
                  </Table.Tbody>
                </Table>
                {membersEditable && (
                  <form
                    onSubmit={(e) => {
                      e.preventDefault();
                      const picked = new FormData(e.currentTarget).get('user');
                      send({
                        type: 'member.add',
                        projectId: project.project_id,
                        userId: picked ? Number(picked) : null,
                      });
                      e.currentTarget.reset();
                    }}
                  >
                    <Group mt="sm" align="flex-end">
                      {/* The pick is form input until 'Add' hands it to the machine, which validates it. */}
                      <NativeSelect
                        name="user"
                        aria-label={`User to add to ${project.project_name}`}
                        defaultValue=""
                        data={[
                          { value: '', label: 'Choose user' },
                          ...context.users.map((u) => ({ value: String(u.id), label: `${u.name} (${u.email})` })),
                        ]}
                      />
                      <Button
                        type="submit"
                        variant="light"
                        leftSection={<IconPlus size={16} />}
                        disabled={busy}
                        aria-label={`Add to ${project.project_name}`}
                      >
                        Add
                      </Button>
                    </Group>
                  </form>
                )}
                {context.memberProblem?.projectId === project.project_id && (
                  <Text c="red" size="sm" mt={4} role="alert">
                    {context.memberProblem.message}
                  </Text>
                )}
              </Fieldset>
            );
          })}
        </SimpleGrid>
      </Card>

      <Card withBorder padding="lg">
        <Title order={3} mb="md">
          Roles
        </Title>
        <Grid>
          <Grid.Col span={{ base: 12, md: 3 }}>
            <Stack gap={4}>
              {context.roles.map((r) => (
                <NavLink
                  component="button"
                  key={r.id}
                  label={r.name}
                  active={r.id === context.selectedRoleId}
                  onClick={() => send({ type: 'role.select', roleId: r.id })}
                />
              ))}
              {state.matches({ ready: 'naming' }) || state.matches({ ready: 'creatingRole' }) ? (
                <form
                  onSubmit={(e) => {
                    e.preventDefault();
                    send({ type: 'role.create', name: String(new FormData(e.currentTarget).get('name') ?? '') });
                  }}
                >
                  <Stack gap="xs" mt="sm">
                    <TextInput
                      name="name"
                      label="Role name"
                      defaultValue={context.newRoleName}
                      error={context.nameError}
                      autoFocus
                    />
                    <Group gap="xs">
                      <Button type="submit" size="xs" loading={busy}>
                        Add
                      </Button>
                      <Button size="xs" variant="default" disabled={busy} onClick={() => send({ type: 'role.cancel' })}>
                        Cancel
                      </Button>
                    </Group>
                  </Stack>
                </form>
              ) : (
                <>
                  {mayEditPermissions && (
                    <Button
                      mt="sm"
                      variant="light"
                      leftSection={<IconPlus size={16} />}
                      disabled={!state.can({ type: 'role.new' })}
                      onClick={() => send({ type: 'role.new' })}
                    >
                      Add role
                    </Button>
                  )}
                  {isDirty(state) && (
                    <Text size="xs" c="dimmed">
                      {SAVE_FIRST}
                    </Text>
                  )}
                </>
              )}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 9 }}>
            {role && (
              <Stack data-testid="role-permissions">
                <Group justify="space-between">
                  <Title order={4}>{role.name}</Title>
                  <Group gap="xs">
                    <Button
                      size="xs"
                      variant="default"
                      disabled={!editable || busy}
                      onClick={() => send({ type: 'permissions.selectAll' })}
                    >
                      Select All
                    </Button>
                    <Button
                      size="xs"
                      variant="default"
                      disabled={!editable || busy}
                      onClick={() => send({ type: 'permissions.unselectAll' })}
                    >
                      Unselect All
                    </Button>
                    {isDeletableRole(context) && (
                      <Button
                        size="xs"
                        color="red"
                        variant="light"
                        disabled={!state.can({ type: 'role.delete' })}
                        onClick={() => send({ type: 'role.delete' })}
                      >
                        Delete role
                      </Button>
                    )}
                  </Group>
                </Group>
                {!mayEditPermissions && <ReadOnlyLine text={READ_ONLY_PERMISSIONS} testId="permissions-read-only" />}
                {mayEditPermissions && !isEditableRole(context) && <Text c="dimmed">{ADMINISTRATOR_HOLDS_ALL}</Text>}
                <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }}>
                  {context.groups.map((group) => (
                    <Fieldset key={group.name} legend={group.name}>
                      <Stack gap="xs">
                        {group.permissions.map((id) => {
                          const p = permissionById.get(id);
                          if (!p) return null;
                          return (
                            <Checkbox
                              key={id}
                              label={p.name}
                              description={`${p.method} ${p.resources}${p.project_env ? ` (${p.project_env})` : ''}`}
                              checked={ticked.has(id)}
                              disabled={!editable || busy}
                              onChange={() => send({ type: 'permission.toggle', permissionId: id })}
                            />
                          );
                        })}
                      </Stack>
                    </Fieldset>
                  ))}
                </SimpleGrid>
              </Stack>
            )}
          </Grid.Col>
        </Grid>
      </Card>

      <Modal
        opened={state.matches({ ready: 'confirmingDelete' }) || state.matches({ ready: 'deletingRole' })}
        onClose={() => send({ type: 'delete.cancel' })}
        title={`Delete role ${role?.name ?? ''}?`}
      >
        <Text mb="md">Everyone holding this role loses it in every project.</Text>
        <Group justify="flex-end">
          <Button variant="default" disabled={busy} onClick={() => send({ type: 'delete.cancel' })}>
            Cancel
          </Button>
          <Button color="red" loading={busy} onClick={() => send({ type: 'delete.confirm' })}>
            Delete
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
