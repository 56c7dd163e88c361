import { Button, Group, Menu, Tooltip } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { IconChevronDown, IconCloudUpload, IconMessageChatbot, IconPlayerPlay } from '@tabler/icons-react';
import { useActorRef } from '@xstate/react';
import { useEffect } from 'react';
import { can } from '../../api/permissions.ts';
import { providedChatMachine } from '../../machines/chat/provided.ts';
import { ProjectSelectionActor } from '../../machines/projectSelection/context.ts';
import { SessionActor } from '../../machines/session/context.ts';
import { ChatWindow } from '../chat/ChatWindow.tsx';

const COMING_SOON = 'Coming soon';

/**
 * Run Tests (Ctrl+Shift+T), Run Chat (Ctrl+Shift+X) and the Deploy dropdown (Testing Ctrl+Shift+E, Production),
 * each only when permitted. Run Chat opens the chat test window; the other flows come later (disabled with a tooltip).
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
      {canChat && <RunChat />}
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

/** Run Chat (Ctrl+Shift+X) and the chat test window it opens; a change of project closes the conversation. */
function RunChat() {
  const chat = useActorRef(providedChatMachine, { input: { getMeta: true } });
  const projectId = ProjectSelectionActor.useSelector((s) => s.context.projectId);
  const user = SessionActor.useSelector((s) => s.context.user);
  const mayChat = can(user, 'POST', '/chat', projectId);
  // Empty ignore list: the hotkey works while typing in a field too.
  useHotkeys(
    [
      [
        'ctrl+shift+X',
        () => {
          if (mayChat) chat.send({ type: 'chat.open' });
        },
        { preventDefault: true },
      ],
    ],
    [],
  );
  useEffect(() => {
    if (projectId !== null) chat.send({ type: 'chat.close' });
  }, [chat, projectId]);
  if (!mayChat) return null;
  return (
    <>
      <Tooltip label="Talk to the bot · Ctrl+Shift+X">
        <Button
          variant="default"
          size="xs"
          leftSection={<IconMessageChatbot size={14} />}
          onClick={() => chat.send({ type: 'chat.open' })}
        >
          Run Chat
        </Button>
      </Tooltip>
      <ChatWindow actor={chat} canConvert={can(user, 'PUT', '/tests/{id}', projectId)} />
    </>
  );
}
