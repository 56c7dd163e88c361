import '@mantine/dates/styles.css';
import {
  ActionIcon,
  Affix,
  Alert,
  Button,
  CloseButton,
  FileButton,
  Group,
  Paper,
  ScrollArea,
  Select,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import {
  IconArrowsMaximize,
  IconArrowsMinimize,
  IconPaperclip,
  IconRefresh,
  IconSend,
  IconTestPipe,
  IconX,
} from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import { CHAT_TEXTS, LOG_LEVELS, type LogLevelName } from '../../api/contract/chat.ts';
import type { chatMachine } from '../../machines/chat/machine.ts';
import { messageLength } from '../../machines/chat/messageLength.ts';
import { CHAT_NOTICES } from '../../machines/chat/texts.ts';
import { chatItems } from '../../machines/chat/transcript.ts';
import { ChatMessages } from './ChatMessages.tsx';
import { ConvertToTestModal } from './ConvertToTestModal.tsx';

/** Spec 1 §2, §9: a 400×500 panel, 80% of the viewport when maximised. */
export const CHAT_PANEL = { width: 400, height: 500, maximised: '80vw', maximisedHeight: '80vh' } as const;
const LEVELS = (Object.keys(LOG_LEVELS) as LogLevelName[]).filter((l) => l !== 'ok');

/**
 * The console's chat test window (spec 1 §2): a floating panel over every screen. It derives everything
 * from the chat machine's snapshot and only sends events.
 */
export function ChatWindow({ actor, canConvert }: { actor: ActorRefFrom<typeof chatMachine>; canConvert: boolean }) {
  const state = useSelector(actor, (s) => s);
  const { context } = state;
  const [draft, setDraft] = useState('');
  const viewport = useRef<HTMLDivElement>(null);
  const closed = state.matches('closed');
  const idle = state.matches({ open: 'idle' });
  const ended = state.matches({ open: 'ended' });
  const items = chatItems(context.entries, LOG_LEVELS[context.logLevel], context.lookups);

  // Hotkeys only send events; a closed window ignores Ctrl+M.
  useHotkeys([['mod+M', () => actor.send({ type: 'window.toggleSize' }), { preventDefault: true }]], []);
  // Keep the newest message in view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll whenever the transcript grows
  useEffect(() => {
    viewport.current?.scrollTo({ top: viewport.current.scrollHeight });
  }, [items.length, context.pendingText]);

  if (closed) return null;
  const send = (text: string) => actor.send({ type: 'message.send', text });
  const length = messageLength(draft);

  return (
    <Affix position={{ bottom: 16, right: 16 }} zIndex={300}>
      <Paper
        shadow="xl"
        radius="md"
        withBorder
        role="dialog"
        aria-label="Chat test window"
        w={context.maximised ? CHAT_PANEL.maximised : CHAT_PANEL.width}
        h={context.maximised ? CHAT_PANEL.maximisedHeight : CHAT_PANEL.height}
        style={{ display: 'flex', flexDirection: 'column', overflow: 'hidden' }}
        data-maximised={context.maximised || undefined}
      >
        <Group justify="space-between" px="sm" py={6} bg="blue.7" c="white" wrap="nowrap">
          <Text fw={600} size="sm">
            Chat
          </Text>
          <Group gap={4} wrap="nowrap">
            <Select
              size="xs"
              w={84}
              aria-label="Log level"
              data={LEVELS}
              value={context.logLevel}
              allowDeselect={false}
              comboboxProps={{ zIndex: 400 }}
              onChange={(value) => value && actor.send({ type: 'log.level', level: value as LogLevelName })}
            />
            {canConvert && (
              <Tooltip label="Convert conversation to test" zIndex={400}>
                <ActionIcon
                  variant="subtle"
                  color="white"
                  aria-label="Convert to test"
                  disabled={!(idle || ended)}
                  onClick={() => actor.send({ type: 'convert.open' })}
                >
                  <IconTestPipe size={16} />
                </ActionIcon>
              </Tooltip>
            )}
            <Tooltip label="Reload conversation" zIndex={400}>
              <ActionIcon
                variant="subtle"
                color="white"
                aria-label="Reload conversation"
                onClick={() => actor.send({ type: 'chat.reload' })}
              >
                <IconRefresh size={16} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={context.maximised ? 'Restore (Ctrl+M)' : 'Maximise (Ctrl+M)'} zIndex={400}>
              <ActionIcon
                variant="subtle"
                color="white"
                aria-label={context.maximised ? 'Restore size' : 'Maximise'}
                onClick={() => actor.send({ type: 'window.toggleSize' })}
              >
                {context.maximised ? <IconArrowsMinimize size={16} /> : <IconArrowsMaximize size={16} />}
              </ActionIcon>
            </Tooltip>
            <ActionIcon
              variant="subtle"
              color="white"
              aria-label="Close chat"
              onClick={() => actor.send({ type: 'chat.close' })}
            >
              <IconX size={16} />
            </ActionIcon>
          </Group>
        </Group>

        <ScrollArea
          style={{ flex: 1 }}
          viewportRef={viewport}
          aria-busy={state.hasTag('loading') || state.hasTag('busy')}
        >
          {state.matches({ opening: 'starting' }) && (
            <Text size="sm" c="dimmed" p="sm">
              Starting a conversation…
            </Text>
          )}
          {state.matches('failed') && (
            <Stack p="sm" gap="xs" align="flex-start">
              <Text size="sm" c="red">
                {CHAT_TEXTS.initFailed}
              </Text>
              <Button size="xs" variant="light" onClick={() => actor.send({ type: 'chat.reload' })}>
                Try again
              </Button>
            </Stack>
          )}
          <ChatMessages
            items={items}
            pendingText={context.pendingText}
            answering={state.matches({ open: 'sending' })}
            interactive={idle}
            readAloud={context.flags.readUtterances}
            reading={context.reading}
            onSend={send}
            onRead={(text) => actor.send({ type: 'utter.read', text })}
          />
          {/* Issue 35: the server refused a call as busy; the chart tries again by itself after a backoff. */}
          {state.hasTag('reconnecting') && (
            <Text size="sm" c="orange.8" p="sm" aria-live="polite" data-testid="chat-reconnecting">
              {CHAT_NOTICES.reconnecting}
            </Text>
          )}
        </ScrollArea>

        {context.notice && (
          <Alert
            color={context.notice.tone === 'error' ? 'red' : context.notice.tone === 'success' ? 'green' : 'blue'}
            py={4}
            px="sm"
            radius={0}
            role="status"
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={() => actor.send({ type: 'notice.dismiss' })}
          >
            <Text size="xs">{context.notice.text}</Text>
          </Alert>
        )}

        {ended ? (
          <Group justify="space-between" px="sm" py="xs" bg="gray.0">
            <Text size="sm" fw={500}>
              {CHAT_TEXTS.ended}
            </Text>
            <Button
              size="xs"
              leftSection={<IconRefresh size={14} />}
              onClick={() => actor.send({ type: 'chat.restart' })}
            >
              Restart
            </Button>
          </Group>
        ) : (
          context.inputVisible &&
          !state.matches('failed') && (
            <form
              onSubmit={(event) => {
                event.preventDefault();
                if (!draft.trim()) return;
                send(draft);
                // Cleared once the chart took it; a refused one (over the limit) stays to be shortened.
                if (actor.getSnapshot().context.pendingText !== null) setDraft('');
              }}
            >
              {length.counter && (
                <Text
                  size="xs"
                  px="xs"
                  ta="right"
                  c={length.over ? 'red' : 'dimmed'}
                  aria-label="Message length"
                  style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
                >
                  {length.counter}
                </Text>
              )}
              <Group
                gap={4}
                px="xs"
                py={6}
                wrap="nowrap"
                style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
              >
                <FileButton multiple onChange={(files) => actor.send({ type: 'attachment.upload', files })}>
                  {(props) => (
                    <ActionIcon {...props} variant="subtle" aria-label="Attach files" disabled={!idle}>
                      <IconPaperclip size={16} />
                    </ActionIcon>
                  )}
                </FileButton>
                <TextInput
                  style={{ flex: 1 }}
                  size="xs"
                  aria-label="Message"
                  placeholder="Type a message"
                  value={draft}
                  onChange={(event) => setDraft(event.currentTarget.value)}
                  rightSection={
                    draft ? <CloseButton size="xs" aria-label="Clear message" onClick={() => setDraft('')} /> : null
                  }
                />
                <ActionIcon type="submit" variant="filled" aria-label="Send" disabled={!idle || !draft.trim()}>
                  <IconSend size={14} />
                </ActionIcon>
              </Group>
            </form>
          )
        )}
      </Paper>
      <ConvertToTestModal actor={actor} />
    </Affix>
  );
}
