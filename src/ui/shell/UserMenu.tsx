import { Avatar, Group, Menu, Stack, Text, UnstyledButton } from '@mantine/core';
import {
  IconChevronDown,
  IconDeviceMobileCode,
  IconKey,
  IconListDetails,
  IconLogout,
  IconMessageChatbot,
  IconServerCog,
  IconShieldLock,
  IconUsers,
} from '@tabler/icons-react';

/** The user menu (spec 1 §2): name and role in the current project, admin links when permitted, and Logout. */
export function UserMenu({
  name,
  email,
  roleName,
  links,
  onOpen,
  onOneTimeCodes,
  onChangePassword,
  onLogout,
}: {
  name: string;
  email: string;
  roleName: string | null;
  /** Only the links the user may follow. */
  links: { platform: boolean; loginLogs: boolean; manageRoles: boolean; users: boolean; chatbotTest: boolean };
  onOpen: (path: string) => void;
  /** Opens the one-time code enrolment dialog. */
  onOneTimeCodes: () => void;
  /** Opens the change-password dialog: everyone may change their own password (issue 34). */
  onChangePassword: () => void;
  onLogout: () => void;
}) {
  const initials = name
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
  return (
    <Menu position="bottom-end" width={240} shadow="md" withinPortal>
      <Menu.Target>
        <UnstyledButton data-testid="user-menu" aria-label="User menu" px={6} py={4} style={{ borderRadius: 8 }}>
          <Group gap="xs" wrap="nowrap">
            <Avatar radius="xl" size={32} color="indigo">
              {initials}
            </Avatar>
            <Stack gap={0} visibleFrom="sm">
              <Text size="sm" fw={600} lh={1.2}>
                {name}
              </Text>
              <Text size="xs" c="dimmed" lh={1.2}>
                {roleName ?? 'No role in this project'}
              </Text>
            </Stack>
            <IconChevronDown size={14} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)">
            {name}
          </Text>
          <Text size="xs" c="dimmed">
            {email}
          </Text>
          <Text size="xs" c="dimmed">
            Role: {roleName ?? 'none in this project'}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        {links.platform && (
          <Menu.Item leftSection={<IconServerCog size={16} />} onClick={() => onOpen('/app/platform-settings')}>
            Platform access
          </Menu.Item>
        )}
        {links.users && (
          <Menu.Item leftSection={<IconUsers size={16} />} onClick={() => onOpen('/app/users')}>
            Users
          </Menu.Item>
        )}
        {links.loginLogs && (
          <Menu.Item leftSection={<IconListDetails size={16} />} onClick={() => onOpen('/app/users-logs')}>
            Login logs
          </Menu.Item>
        )}
        {links.manageRoles && (
          <Menu.Item leftSection={<IconShieldLock size={16} />} onClick={() => onOpen('/app/roles')}>
            Manage roles
          </Menu.Item>
        )}
        {links.chatbotTest && (
          <Menu.Item leftSection={<IconMessageChatbot size={16} />} onClick={() => onOpen('/app/chatbot-test')}>
            Chatbot test
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item leftSection={<IconKey size={16} />} onClick={onChangePassword}>
          Change password
        </Menu.Item>
        <Menu.Item leftSection={<IconDeviceMobileCode size={16} />} onClick={onOneTimeCodes}>
          One-time codes
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={onLogout}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
