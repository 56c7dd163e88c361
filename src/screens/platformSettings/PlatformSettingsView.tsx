import { OneOffPasswordAlert } from '../../ui/OneOffPasswordAlert.tsx';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Code,
  Fieldset,
  Group,
  Loader,
  NumberInput,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconKey, IconPlus, IconServerCog, IconShieldOff, IconTrash } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import { MAX_PASSWORD_AGE_LIMIT, type PlatformSettings } from '../../api/contract/platform.ts';
import type { PlatformTask } from '../../machines/platformSettings/actors.ts';
import type { platformSettingsMachine } from '../../machines/platformSettings/machine.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';

function PolicyForm({
  draft,
  changed,
  busy,
  onEdit,
  onSave,
}: {
  draft: PlatformSettings;
  changed: boolean;
  busy: boolean;
  onEdit: (p: PlatformSettings) => void;
  onSave: () => void;
}) {
  const ageOn = draft.max_password_age_days !== null;
  return (
    <Fieldset legend="Sign-in policy">
      <Stack>
        <Switch
          label="Require one-time codes"
          description="Every user enrols an authenticator app and gives a code at login; anyone without a code (you too) must set one up before doing anything else."
          checked={draft.require_otp}
          onChange={(e) => onEdit({ ...draft, require_otp: e.currentTarget.checked })}
        />
        <Switch
          label="Maximum password age"
          description="Off by default: forced rotation makes passwords weaker (ASVS 6.2.10). Expired passwords must be changed at next login."
          checked={ageOn}
          onChange={(e) => onEdit({ ...draft, max_password_age_days: e.currentTarget.checked ? 365 : null })}
        />
        {ageOn && (
          <NumberInput
            label="Days"
            w={160}
            min={1}
            max={MAX_PASSWORD_AGE_LIMIT}
            value={draft.max_password_age_days ?? 365}
            onChange={(v) => typeof v === 'number' && onEdit({ ...draft, max_password_age_days: v })}
          />
        )}
        <Group>
          <Button disabled={!changed} loading={busy} onClick={onSave}>
            Save policy
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}

/** What the user may see or change here (their grants); the server refuses the rest whatever the screen shows. */
export interface PlatformPermissions {
  policy: boolean;
  companies: boolean;
  users: boolean;
  resetPassword: boolean;
  resetOtp: boolean;
}
const ALL: PlatformPermissions = { policy: true, companies: true, users: true, resetPassword: true, resetOtp: true };

/** Ours (issue 34): Platform access is open to everyone; this line says why parts are missing. */
export const PLATFORM_PARTIAL = 'Only what your role allows is shown here: ask an administrator for the rest.';

/** Sign-in policy, companies, languages, voices and users (reset password / one-time code), driven by its machine. */
export function PlatformSettingsView({
  actor,
  permissions = ALL,
}: {
  actor: ActorRefFrom<typeof platformSettingsMachine>;
  permissions?: PlatformPermissions;
}) {
  const state = useSelector(actor, (s) => s);
  // The name typed for a new company is only an input's text until 'Add company' sends it.
  const [newCompany, setNewCompany] = useState('');
  const { data, draft, oneOffPassword } = state.context;
  const busy = state.hasTag('busy');
  // Changes start one at a time, from a loaded screen.
  const locked = !state.matches('ready');
  const run = (task: PlatformTask) => actor.send({ type: 'platform.run', task });
  const header = (
    <PageHeader
      icon={IconServerCog}
      title="Platform access"
      description="Users, companies and platform-wide settings."
    />
  );

  // A failed load (first or after a change) offers a reload; nothing stale stays on screen to click.
  if (state.matches('failed') || !data) {
    return (
      <Stack>
        {header}
        {state.matches('failed') ? (
          <Alert color="red" title="Cannot load the platform settings.">
            <Button mt="sm" variant="light" onClick={() => actor.send({ type: 'platform.reload' })}>
              Reload
            </Button>
          </Alert>
        ) : (
          <Loader size="sm" aria-label="Loading platform settings" />
        )}
      </Stack>
    );
  }

  return (
    <Stack>
      {header}
      <OneOffPasswordAlert shown={oneOffPassword} onDismiss={() => actor.send({ type: 'platform.dismissPassword' })} />
      {Object.values(permissions).some((may) => !may) && (
        <Text size="sm" c="dimmed">
          {PLATFORM_PARTIAL}
        </Text>
      )}
      {permissions.policy && draft && (
        <PolicyForm
          draft={draft}
          changed={state.can({ type: 'policy.save' })}
          busy={busy}
          onEdit={(policy) => actor.send({ type: 'policy.edit', policy })}
          onSave={() => actor.send({ type: 'policy.save' })}
        />
      )}

      <Fieldset legend="Companies">
        <Table withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Users</Table.Th>
              <Table.Th>Projects</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.companies.map((c) => (
              <Table.Tr key={c.id}>
                <Table.Td>
                  {permissions.companies ? (
                    <TextInput
                      aria-label={`Name of company ${c.id}`}
                      defaultValue={c.name}
                      variant="unstyled"
                      onBlur={(e) =>
                        e.currentTarget.value.trim() !== c.name &&
                        run({ kind: 'company.save', id: c.id, name: e.currentTarget.value })
                      }
                    />
                  ) : (
                    c.name
                  )}
                </Table.Td>
                <Table.Td>{c.users}</Table.Td>
                <Table.Td>{c.projects}</Table.Td>
                <Table.Td>
                  {permissions.companies && (
                    <Tooltip label={c.users + c.projects > 0 ? 'Move its users and projects first' : 'Delete company'}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Delete company ${c.name}`}
                        disabled={locked || c.users + c.projects > 0}
                        onClick={() => run({ kind: 'company.delete', id: c.id })}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {permissions.companies && (
          <Group mt="sm">
            <TextInput
              placeholder="New company name"
              value={newCompany}
              onChange={(e) => setNewCompany(e.currentTarget.value)}
            />
            <Button
              leftSection={<IconPlus size={16} />}
              variant="light"
              disabled={!newCompany.trim() || locked}
              onClick={() => {
                run({ kind: 'company.save', id: null, name: newCompany });
                setNewCompany('');
              }}
            >
              Add company
            </Button>
          </Group>
        )}
      </Fieldset>

      {permissions.users && (
        <Fieldset legend="Users">
          <Table withTableBorder striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.users.map((u) => (
                <Table.Tr key={u.id}>
                  <Table.Td>{u.name}</Table.Td>
                  <Table.Td>{u.email}</Table.Td>
                  <Table.Td>
                    {!u.active && <Badge color="gray">inactive</Badge>}
                    {u.password_expired && <Badge color="yellow">password expired</Badge>}
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end">
                      {permissions.resetPassword && (
                        <Button
                          size="xs"
                          variant="default"
                          leftSection={<IconKey size={14} />}
                          disabled={locked}
                          onClick={() => run({ kind: 'user.resetPassword', id: u.id })}
                        >
                          Reset password
                        </Button>
                      )}
                      {permissions.resetOtp && (
                        <Button
                          size="xs"
                          variant="default"
                          leftSection={<IconShieldOff size={14} />}
                          disabled={locked}
                          onClick={() => run({ kind: 'user.resetOtp', id: u.id })}
                        >
                          Reset one-time code
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Fieldset>
      )}

      <Group align="flex-start" grow>
        <Fieldset legend="Languages">
          {data.languages.map((l) => (
            <Text key={l.code} size="sm">
              {l.name} <Code>{l.code}</Code>
            </Text>
          ))}
        </Fieldset>
        <Fieldset legend="Voices">
          {data.voices.map((v) => (
            <Text key={v.id} size="sm">
              {v.name} <Code>{v.engine_voice}</Code>
            </Text>
          ))}
        </Fieldset>
      </Group>
    </Stack>
  );
}
