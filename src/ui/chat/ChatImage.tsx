import { Image, Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { CHAT_TEXTS } from '../../api/contract/chat.ts';

/** An image of the bot: a spinner while it loads, 'No Attachment provided' when missing or broken. */
export function ChatImage({ url, alt }: { url: string | null; alt: string }) {
  const [status, setStatus] = useState<'loading' | 'loaded' | 'failed'>('loading');
  if (url === null || status === 'failed')
    return (
      <Text size="sm" c="dimmed" fs="italic">
        {CHAT_TEXTS.noAttachment}
      </Text>
    );
  return (
    <Stack gap={4} align="flex-start">
      {status === 'loading' && <Loader size="sm" aria-label="Image loading" />}
      <Image
        src={url}
        alt={alt || 'Image from the bot'}
        maw={260}
        radius="sm"
        referrerPolicy="no-referrer"
        style={status === 'loading' ? { display: 'none' } : undefined}
        onLoad={() => setStatus('loaded')}
        onError={() => setStatus('failed')}
      />
    </Stack>
  );
}
