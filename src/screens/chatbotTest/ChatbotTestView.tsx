import { Alert, Box, Button, Group, Loader, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconMessageChatbot, IconWorldWww } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { CHATBOT_TEST_TEXTS } from '../../api/contract/chatbot-test.ts';
import type { chatbotTestMachine } from '../../machines/chatbotTest/machine.ts';
import { SCREENSHOT_SIZE } from '../../machines/chatbotTest/machine.ts';
import { bundleFailed, frameSource } from '../../machines/chatbotTest/selectors.ts';
import { bundleOutcome } from '../../machines/chatbotTest/widgetFrame.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';

export const FRAME_TITLE = 'Chatbot test page';
/** The widget's open chat (520 px) above its button needs about this much. */
const FRAME_MIN_HEIGHT = 640;

/**
 * The chatbot test screen (spec 2 §2): Webpage URL and Show, the page's screenshot as the background of a frame
 * that loads the development chatbot bundle, as a visitor of that page would see the chat.
 */
export function ChatbotTestView({ actor }: { actor: ActorRefFrom<typeof chatbotTestMachine> }) {
  const state = useSelector(actor, (s) => s);
  const source = frameSource(state);
  const ready = state.matches('ready');
  return (
    <Stack gap="md">
      <PageHeader
        icon={IconMessageChatbot}
        title="Chatbot test"
        description="Preview the chatbot as a page visitor sees it."
      />
      <form
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'page.show' });
        }}
      >
        <Group align="flex-end" wrap="nowrap">
          <TextInput
            label={CHATBOT_TEST_TEXTS.urlLabel}
            placeholder="www.example.com"
            leftSection={<IconWorldWww size={16} />}
            value={state.context.url}
            disabled={!ready}
            onChange={(event) => actor.send({ type: 'url.change', url: event.currentTarget.value })}
            style={{ flex: 1 }}
          />
          <Button type="submit" disabled={!state.can({ type: 'page.show' })}>
            {CHATBOT_TEST_TEXTS.show}
          </Button>
        </Group>
      </form>
      {state.hasTag('loading') && (
        <Group gap="xs">
          <Loader size="xs" aria-label="Loading" />
          <Text size="sm" c="dimmed">
            {state.matches('loadingWidget') ? 'Reading the chatbot settings…' : 'Taking a screenshot of the page…'}
          </Text>
        </Group>
      )}
      {state.matches({ ready: { page: 'failed' } }) && (
        <Alert color="red" title={CHATBOT_TEST_TEXTS.screenshotFailed}>
          {state.context.failure}
        </Alert>
      )}
      {bundleFailed(state) && (
        <Alert color="red" role="alert">
          {CHATBOT_TEST_TEXTS.bundleFailed}
          {state.matches('unavailable') && (
            <Box mt="sm">
              <Button variant="light" size="xs" onClick={() => actor.send({ type: 'widget.reload' })}>
                Reload
              </Button>
            </Box>
          )}
        </Alert>
      )}
      {source && (
        <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
          <iframe
            title={FRAME_TITLE}
            srcDoc={source}
            // The screenshot's proportions, tall enough for the open chat on narrow screens.
            style={{
              display: 'block',
              width: '100%',
              aspectRatio: `${SCREENSHOT_SIZE.width} / ${SCREENSHOT_SIZE.height}`,
              minHeight: FRAME_MIN_HEIGHT,
              border: 0,
            }}
            onLoad={(event) => {
              const outcome = bundleOutcome(event.currentTarget);
              if (outcome) actor.send({ type: outcome === 'loaded' ? 'bundle.loaded' : 'bundle.failed' });
            }}
          />
        </Paper>
      )}
    </Stack>
  );
}
