import { Button, Group, Menu, Tooltip } from '@mantine/core';
import { IconChevronDown, IconCloudUpload, IconMessageChatbot, IconPlayerPlay } from '@tabler/icons-react';

const COMING_SOON = 'Coming soon';

/**
 * Run Tests (Ctrl+Shift+T), Run Chat (Ctrl+Shift+X) and the Deploy dropdown (Testing Ctrl+Shift+E, Production),
 * each only when permitted. Their flows come later, so they are disabled with a tooltip for now.
 */
export function TopBarActions({
  canRunTests,
  canChat,
  canDeployTesting,
  canDeployProduction,
}: {
  canRunTests: boolean;
  canChat: boolean;
  canDeployTesting: boolean;
  canDeployProduction: boolean;
}) {
  return (
    <Group gap="xs" visibleFrom="md" wrap="nowrap">
      {canRunTests && (
        <Tooltip label={`${COMING_SOON} · Ctrl+Shift+T`}>
          <Button variant="default" size="xs" leftSection={<IconPlayerPlay size={14} />} data-disabled disabled>
            Run Tests
          </Button>
        </Tooltip>
      )}
      {canChat && (
        <Tooltip label={`${COMING_SOON} · Ctrl+Shift+X`}>
          <Button variant="default" size="xs" leftSection={<IconMessageChatbot size={14} />} data-disabled disabled>
            Run Chat
          </Button>
        </Tooltip>
      )}
      {(canDeployTesting || canDeployProduction) && (
        <Menu position="bottom-end" shadow="md">
          <Menu.Target>
            <Button size="xs" leftSection={<IconCloudUpload size={14} />} rightSection={<IconChevronDown size={14} />}>
              Deploy
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {canDeployTesting && (
              <Menu.Item disabled rightSection="Ctrl+Shift+E">
                Testing · {COMING_SOON}
              </Menu.Item>
            )}
            {canDeployProduction && <Menu.Item disabled>Production · {COMING_SOON}</Menu.Item>}
          </Menu.Dropdown>
        </Menu>
      )}
    </Group>
  );
}
