import { Button, Tooltip } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { IconMessageChatbot } from '@tabler/icons-react';
import { useActorRef } from '@xstate/react';
import { useEffect } from 'react';
import { can } from '../../api/permissions.ts';
import { providedChatMachine } from '../../machines/chat/provide.ts';
import { ConsoleCommandsActor } from '../../machines/consoleCommands/context.ts';
import { ProjectSelectionActor } from '../../machines/projectSelection/context.ts';
import { SessionActor } from '../../machines/session/context.ts';
import { ChatWindow } from './ChatWindow.tsx';

/** Run Chat (Ctrl+Shift+X) and the chat test window it opens; a change of project closes the conversation. */
export function RunChat() {
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
  // "Talk to the bot" of an empty screen (GuidedEmpty).
  const commands = ConsoleCommandsActor.useActorRef();
  useEffect(() => {
    const subscription = commands.on('chat.open', () => {
      if (mayChat) chat.send({ type: 'chat.open' });
    });
    return () => subscription.unsubscribe();
  }, [commands, chat, mayChat]);
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
