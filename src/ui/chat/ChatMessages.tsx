import { ActionIcon, Anchor, Badge, Box, Button, Group, Loader, Paper, Select, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconPaperclip, IconVolume } from '@tabler/icons-react';
import type { ChatItem } from '../../machines/chat/transcript.ts';
import { ChatImage } from './ChatImage.tsx';

const LOG_COLORS: Record<string, string> = { fine: 'gray', ok: 'teal', info: 'blue', warn: 'orange', error: 'red' };

const today = () => new Date().toISOString().slice(0, 10);

interface Props {
  items: ChatItem[];
  pendingText: string | null;
  /** The bot is still working on the last message (after a provisional answer the message is in the transcript). */
  answering?: boolean;
  /** Buttons, select boxes and date pickers send only while the chat waits for the user. */
  interactive: boolean;
  readAloud: boolean;
  reading: string | null;
  onSend: (text: string) => void;
  onRead: (text: string) => void;
}

/** The transcript: every user- or bot-provided text is rendered as text (React escapes it); links only http(s). */
export function ChatMessages({
  items,
  pendingText,
  answering = false,
  interactive,
  readAloud,
  reading,
  onSend,
  onRead,
}: Props) {
  return (
    <Stack gap={6} p="xs" data-testid="chat-messages">
      {items.map((item) => {
        switch (item.kind) {
          case 'user':
            return (
              <Stack key={item.key} gap={2} align="flex-end" data-testid="chat-user-message">
                <Paper bg="blue.6" c="white" px="sm" py={6} radius="lg" maw="85%">
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                    {item.text}
                  </Text>
                </Paper>
                {item.confidence !== null && (
                  <Group gap={4}>
                    <Badge size="xs" variant="light" color={item.intent ? 'blue' : 'gray'} data-testid="chat-intent">
                      {item.intent ?? 'no intent'}
                    </Badge>
                    <Badge size="xs" variant="outline" color="gray" data-testid="chat-confidence">
                      {item.confidence.toFixed(2)}
                    </Badge>
                  </Group>
                )}
              </Stack>
            );
          case 'bot':
            return (
              <Group key={item.key} gap={4} align="flex-end" wrap="nowrap" data-testid="chat-bot-message">
                <Paper bg="gray.1" px="sm" py={6} radius="lg" maw="85%">
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                    {item.text}
                  </Text>
                </Paper>
                {readAloud && item.text && (
                  <ActionIcon
                    variant="subtle"
                    size="sm"
                    aria-label={`Read aloud: ${item.text}`}
                    loading={reading === item.text}
                    disabled={!interactive}
                    onClick={() => onRead(item.text)}
                  >
                    <IconVolume size={14} />
                  </ActionIcon>
                )}
              </Group>
            );
          case 'attachment':
            return (
              <Group key={item.key} gap={4} justify="flex-end">
                <IconPaperclip size={14} />
                <Text size="sm">{item.name}</Text>
              </Group>
            );
          case 'log':
            return (
              <Text key={item.key} size="xs" ff="monospace" c={LOG_COLORS[item.levelName]} data-testid="chat-log">
                [{item.levelName}] {item.text}
              </Text>
            );
          case 'buttons':
            return (
              <Stack key={item.key} gap={4} align="flex-start">
                {item.text && <Text size="sm">{item.text}</Text>}
                <Group gap={6}>
                  {item.buttons.map((b) => (
                    <Button
                      key={`${b.title}|${b.payload}`}
                      size="compact-sm"
                      variant="light"
                      disabled={!interactive}
                      onClick={() => onSend(b.payload)}
                    >
                      {b.title}
                    </Button>
                  ))}
                </Group>
              </Stack>
            );
          case 'links':
            return (
              <Stack key={item.key} gap={2}>
                {item.links.map((l) => (
                  <Anchor key={l.url} href={l.url} target="_blank" rel="noopener noreferrer" size="sm">
                    {l.title}
                  </Anchor>
                ))}
              </Stack>
            );
          case 'image':
            return (
              <Box key={item.key}>
                <ChatImage url={item.url} alt={item.alt} />
              </Box>
            );
          case 'select':
            if (item.looking)
              return (
                <Group key={item.key} gap={6}>
                  <Loader size="xs" aria-label={`Looking up ${item.entity}`} />
                  <Text size="sm" c="dimmed">
                    {item.entity}
                  </Text>
                </Group>
              );
            return item.error ? (
              <Text key={item.key} size="sm" c="red">
                {item.error}
              </Text>
            ) : (
              <Select
                key={item.key}
                size="xs"
                w={240}
                aria-label={`Choose ${item.entity}`}
                placeholder={`Choose ${item.entity}`}
                data={[...new Set(item.values)]}
                searchable
                disabled={!interactive}
                onChange={(value) => value && onSend(value)}
              />
            );
          case 'date':
            return (
              <DatePickerInput
                key={item.key}
                size="xs"
                w={240}
                aria-label={`Choose ${item.variable}`}
                placeholder="Pick a date"
                minDate={item.min === 'today' ? today() : (item.min ?? undefined)}
                maxDate={item.max ?? undefined}
                disabled={!interactive}
                valueFormat="YYYY-MM-DD"
                onChange={(value) => value && onSend(String(value).slice(0, 10))}
              />
            );
          default:
            return null;
        }
      })}
      {answering && pendingText === null && (
        <Group gap={6} data-testid="chat-bot-answering">
          <Loader type="dots" size="sm" aria-label="The bot is answering" />
        </Group>
      )}
      {pendingText !== null && (
        <Group gap={6} justify="flex-end" data-testid="chat-pending-message">
          <Loader size="xs" aria-label="Waiting for the bot" />
          <Paper bg="blue.3" c="white" px="sm" py={6} radius="lg" maw="85%">
            <Text size="sm">{pendingText}</Text>
          </Paper>
        </Group>
      )}
    </Stack>
  );
}
