// Model-based test of the chat: xstate/graph walks the chat chart, each path drives the real ChatWindow with
// deferred fake network actors, a fake timers actor and a fake integration socket.
import { Button, MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import { type AnyStateNode, type AnyTransitionDefinition, createActor, type EventObject, fromCallback } from 'xstate';
import { nodeTransitions } from '../../scripts/statecharts/machine-definition.ts';
import { ApiError } from '../../src/api/client.ts';
import { CHAT_MESSAGE_MAX, CHAT_TEXTS, type ChatResponse, type TrackerEntry } from '../../src/api/contract/chat.ts';
import type {
  ChatStart,
  ConversationRef,
  ProvisionalAnswer,
  SocketEvent,
  TimerCommand,
  TimerEvent,
} from '../../src/machines/chat/actors.ts';
import {
  ENTITY_FORBIDDEN,
  ENTITY_NOT_FOUND,
  type EntityLookupCommand,
  type EntityLookupEvent,
} from '../../src/machines/chat/entityLookup.ts';
import { type ChatContext, chatMachine } from '../../src/machines/chat/machine.ts';
import { messageTooLong } from '../../src/machines/chat/messageLength.ts';
import { CHAT_NOTICES } from '../../src/machines/chat/texts.ts';
import {
  type NewTest,
  TEST_NAME_DUPLICATE,
  TEST_NAME_EMPTY,
  testNameError,
} from '../../src/machines/chat/testConversion.ts';
import { ChatWindow } from '../../src/ui/chat/ChatWindow.tsx';
import { recordCoverage } from './coverage-reporter.ts';
import { writeMachineRun } from './report.ts';
import {
  createDeferredActor,
  createModelHarness,
  type ModelExecutors,
  type ModelPath,
  type ModelTestConfig,
  type StateAssertions,
} from './harness.ts';

// ---- Sample conversation -------------------------------------------------------------------------------------

let clock = 1_000;
const entry = (
  type: TrackerEntry['type'],
  value: string | null,
  args: Record<string, unknown> = {},
  level?: number,
): TrackerEntry => ({
  type,
  value,
  args,
  timestamp: clock++,
  ...(level === undefined ? {} : { level }),
});
const WELCOME = 'Welcome to the Demo pizzeria!';
const ORDER = 'I want to order a pizza';
/** A pasted text over the limit: refused with the limit shown, kept in the input, never cut (issue 33). */
const LONG_MESSAGE = 'x'.repeat(CHAT_MESSAGE_MAX * 6);
const TOO_LONG = messageTooLong(LONG_MESSAGE.length);
const COLLEAGUE = 'Let me pass you to a colleague.';
/** A select box of another project's entity: the server leaves its values to the window's lookup. */
const THEIR_ENTITY = 'pizza_type';
const theirSelect = entry('action', 'select_box', {
  entity: THEIR_ENTITY,
  variable: 'pizza',
  values: null,
  project_id: 2,
});
const THEIR_VALUES = ['Calzone', 'Panzerotto'];
const opening = [
  entry('reaction', 'welcome', { id: 1 }),
  entry('utter', WELCOME, { who: 'bot' }),
  entry('action', 'buttons', { buttons: [{ title: 'Order a pizza', payload: ORDER }] }),
  theirSelect,
  entry('action', 'timeout', { seconds: 60, reaction: 'order_reminder' }),
  entry('log', 'No model yet', {}, 40),
];
const ordered = [
  entry('utter', ORDER, { who: 'user', intent: 'order', confidence: 0.91 }),
  entry('intent', 'order', { confidence: 0.91 }),
  entry('reaction', 'order', { id: 3 }),
  entry('utter', 'When should we deliver it?', { who: 'bot' }),
  entry('action', 'date_picker', { variable: 'delivery_date', min: 'today' }),
  entry('action', 'links', {
    links: [
      { title: 'Menu', url: 'https://example.com/menu' },
      { title: 'Evil', url: 'javascript:alert(1)' },
    ],
  }),
  entry('action', 'image', { url: null, alt: '' }),
  entry('log', 'fine detail', {}, 10),
];
const goodbye = [entry('utter', 'Goodbye!', { who: 'bot' }), entry('action', 'call_end', {})];
const redirect = [entry('utter', COLLEAGUE, { who: 'bot' }), entry('action', 'integration_redirect', {})];
const agent = [entry('utter', '<b>Agent</b> here', { who: 'bot' })];

const answer = (tracker: TrackerEntry[], ended = false): ChatResponse => ({ conversation_id: 7, tracker, ended });
const start = (tracker: TrackerEntry[], ended = false): ChatStart => ({
  ...answer(tracker, ended),
  conversation_token: 'conversation-token-0001',
  client_style: '$read-utterances: true;\n.chat { color: red; }',
});
const answers = { plain: answer(ordered), ended: answer([...ordered, ...goodbye], true), redirect: answer(redirect) };
const CONVERSATION: ConversationRef = { id: 7, token: 'conversation-token-0001' };
const TEST_NAME = 'chat test';
const EXISTING_TEST = 'existing test';

/** Every conversation call carries the conversation and the last timestamp held. */
type Conv = { conversation: ConversationRef; lastTs: number };

// ---- Fakes ---------------------------------------------------------------------------------------------------

const initChat = createDeferredActor<ChatStart, { getMeta: boolean }>({
  output: start(opening),
  error: new Error('down'),
});
const sendMessage = createDeferredActor<ChatResponse, Conv & { msg: string; getMeta: boolean }>({
  output: answers.plain,
  error: new Error('down'),
});
const pollProvisional = createDeferredActor<ProvisionalAnswer, Conv & { getMeta: boolean }>({
  output: { ...answer([ordered[0]]), pending: true },
  error: new Error('down'),
});
const sendTimeout = createDeferredActor<ChatResponse, Conv & { reaction: string; getMeta: boolean }>({
  output: answers.plain,
  error: new Error('down'),
});
const uploadAttachments = createDeferredActor<ChatResponse, Conv & { files: File[] }>({
  output: answers.plain,
  error: new Error('too big'),
});
const readUtter = createDeferredActor<Blob, Conv & { utter: string; speed: number }>({
  output: new Blob(['RIFF']),
  error: new Error('503'),
});
const loadTestNames = createDeferredActor<string[], unknown>({ output: [EXISTING_TEST], error: new Error('down') });
const createTest = createDeferredActor<{ id: number }, NewTest>({
  output: { id: 5 },
  error: new Error('Server refused'),
});

/** The timers actor the machine talks to; `fire` is the clock running out. */
const timers = { commands: [] as TimerCommand[], fire: (_event: TimerEvent) => {} };
const fakeTimers = fromCallback<TimerCommand, void, TimerEvent>(({ sendBack, receive }) => {
  timers.fire = sendBack;
  receive((command) => timers.commands.push(command));
});
/** The entity lookups actor; `commands` since the last forget, `answer` is a lookup coming back. */
const lookups = { commands: [] as EntityLookupCommand[], answer: (_event: EntityLookupEvent) => {} };
const fakeLookups = fromCallback<EntityLookupCommand, void, EntityLookupEvent>(({ sendBack, receive }) => {
  lookups.answer = sendBack;
  receive((command) => {
    if (command.type === 'entities.forget') lookups.commands = [];
    else lookups.commands.push(command);
  });
});
/** The integration socket; `push` is the server sending, `opened` lists connections, `open` whether one runs. */
const socket = { opened: [] as ConversationRef[], open: false, push: (_event: SocketEvent) => {} };
const fakeSocket = fromCallback<{ type: 'socket.stop' }, Conv, SocketEvent>(({ input, sendBack }) => {
  socket.opened.push(input.conversation);
  socket.open = true;
  socket.push = sendBack;
  return () => {
    socket.open = false;
  };
});

const notices: Array<{ text: string; tone: string }> = [];
const played: Blob[] = [];
const machine = chatMachine.provide({
  actors: {
    initChat: initChat.logic,
    sendMessage: sendMessage.logic,
    pollProvisional: pollProvisional.logic,
    sendTimeout: sendTimeout.logic,
    uploadAttachments: uploadAttachments.logic,
    readUtter: readUtter.logic,
    loadTestNames: loadTestNames.logic,
    createTest: createTest.logic,
    timeoutTimers: fakeTimers,
    entityLookups: fakeLookups,
    integrationSocket: fakeSocket,
  },
  actions: {
    notify: (_, params) => notices.push(params),
    playAudio: (_, params) => played.push(params.audio),
  },
  // The backoff's jitter is random (unit-tested in test/unit/chat-backoff.test.ts); the model's clock needs one value.
  delays: { reconnectBackoff: 1500 },
});
/** The server past its bound of work in flight (issue 35): 503, nothing done. */
const busyServer = (call: string) =>
  new ApiError(call, 503, { statusCode: 503, error: 'Service Unavailable', message: 'busy' }, false);
type Snapshot = ReturnType<typeof machine.getInitialSnapshot>;

/** The running actor. */
let live: ReturnType<typeof createActor<typeof machine>>;
/**
 * What the view shows is checked against the running actor's context: a model step holds just one snapshot of
 * those its serialization does not tell apart (same state and projection), so only its projection is exact.
 */
const liveContext = () => live.getSnapshot().context;
/**
 * What tells model states apart: what the guards read (the integration, the end, whether the test name may be
 * saved) and whether there is a notice to dismiss.
 */
const projection = (c: ChatContext) => ({
  integration: c.integration,
  ended: c.ended,
  nameValid: testNameError(c.testName, c.testNames) === null,
  notice: c.notice !== null,
});

// ---- Gestures ------------------------------------------------------------------------------------------------
// Label and text queries rather than role queries, which walk the accessibility tree and are slow in jsdom.

const win = () => screen.getByLabelText('Chat test window');
const labelled = (label: string) => screen.getByLabelText(label);
const socketSays = (event: SocketEvent) =>
  act(() => {
    if (!socket.open) throw new Error('the integration socket is not open');
    socket.push(event);
  });

/** The other project's select box (its listbox, once opened, carries the same label). */
const theirSelectInput = () => win().querySelector<HTMLInputElement>(`input[aria-label="Choose ${THEIR_ENTITY}"]`);

const executors = {
  'chat.open': ({ user }) => user.click(screen.getByText('Run Chat')),
  'chat.close': ({ user }) => user.click(labelled('Close chat')),
  'chat.reload': ({ user, previous }) =>
    user.click(previous.matches('failed') ? screen.getByText('Try again') : labelled('Reload conversation')),
  'chat.restart': ({ user }) => user.click(screen.getByText('Restart')),
  'message.send': async ({ user, event }) => {
    if (event.text === LONG_MESSAGE) {
      // Pasted into the input (no maxLength cuts it) and sent with the Send button.
      fireEvent.change(labelled('Message'), { target: { value: LONG_MESSAGE } });
      expect(labelled('Message')).toHaveValue(LONG_MESSAGE);
      expect(labelled('Message length')).toHaveTextContent('12,000 / 2,000');
      return user.click(labelled('Send'));
    }
    // The bot's button sends its payload.
    expect(event.text).toBe(ORDER);
    return user.click(within(win()).getByText('Order a pizza'));
  },
  'attachment.upload': ({ event }) => {
    const input = win().querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: event.files } });
  },
  'utter.read': ({ user, event }) => user.click(labelled(`Read aloud: ${event.text}`)),
  'notice.dismiss': ({ user }) => user.click(labelled('Dismiss')),
  'log.level': async ({ user, event }) => {
    await user.click(win().querySelector('input[aria-label="Log level"]') as HTMLElement);
    const options = document.querySelector('[role="listbox"]') as HTMLElement;
    await user.click(within(options).getByText(event.level));
    expect(liveContext().logLevel).toBe(event.level);
  },
  'window.toggleSize': ({ user }) => user.keyboard('{Control>}m{/Control}'),
  'convert.open': ({ user }) => user.click(labelled('Convert to test')),
  'convert.name': ({ event }) => {
    fireEvent.change(labelled('Test name'), { target: { value: event.name } });
    expect(liveContext().testName).toBe(event.name);
  },
  'convert.submit': ({ user }) => user.click(screen.getByText('Create test')),
  'convert.cancel': ({ user }) => user.click(screen.getByText('Cancel')),
  'timeout.elapsed': ({ event }) => act(() => timers.fire(event)),
  'entity.looked': async ({ user, event, previous }) => {
    // Only a select box the chart asked about is answered: the other project's, by its entity name.
    expect(lookups.commands).toContainEqual({
      type: 'entities.lookup',
      key: theirSelect.timestamp,
      projectId: 2,
      entity: THEIR_ENTITY,
    });
    act(() => lookups.answer(event));
    if ('values' in event.lookup && previous.matches({ open: 'idle' })) {
      // The values looked up are what the box offers.
      const select = theirSelectInput();
      expect(select).toBeEnabled();
      await user.click(select as HTMLInputElement);
      for (const value of THEIR_VALUES) expect(screen.getByText(value)).toBeInTheDocument();
      await user.keyboard('{Escape}');
    }
  },
  'socket.message': ({ event }) => socketSays(event),
  'socket.closed': ({ event }) => socketSays(event),
} satisfies ModelExecutors<typeof machine>;

// ---- What each state shows ----------------------------------------------------------------------------------

const has = (entries: readonly TrackerEntry[], value: string) => entries.some((e) => e.value === value);
/** What every state of a running conversation shows: the transcript, its log filter, size, notice and input. */
function conversationShown(state: Snapshot) {
  expect(projection(liveContext())).toEqual(projection(state.context));
  const context = liveContext();
  const w = win();
  expect(within(w).getByText(WELCOME)).toBeInTheDocument();
  if (has(context.entries, 'links')) {
    expect(within(w).getByText('order')).toBeInTheDocument();
    expect(within(w).getByText('0.91')).toBeInTheDocument();
    expect(within(w).getByText('Menu')).toHaveAttribute('rel', 'noopener noreferrer');
    // Only http(s) links are shown.
    expect(within(w).queryByText('Evil')).toBeNull();
    expect(within(w).getByText(CHAT_TEXTS.noAttachment)).toBeInTheDocument();
    expect(within(w).getByLabelText('Choose delivery_date')).toBeInTheDocument();
  }
  if (has(context.entries, agent[0].value ?? '')) {
    // HTML from the bot or an agent stays text.
    expect(within(w).getByText('<b>Agent</b> here')).toBeInTheDocument();
    expect(w.querySelector('b')).toBeNull();
  }
  // The other project's select box: looking up, its values, or why it has none (spec 1 §6).
  const lookup = context.lookups[theirSelect.timestamp];
  const looking = within(w).queryByLabelText(`Looking up ${THEIR_ENTITY}`) !== null;
  expect(looking).toBe(lookup === undefined);
  expect(theirSelectInput() !== null).toBe(lookup !== undefined && 'values' in lookup);
  for (const text of [CHAT_TEXTS.entityNotFound, CHAT_TEXTS.entityForbidden])
    expect(within(w).queryByText(text) !== null).toBe(
      lookup !== undefined && 'error' in lookup && lookup.error === text,
    );
  // Log level filter: warn (the default) hides fine entries.
  const fineShown = within(w).queryByText('[fine] fine detail') !== null;
  expect(fineShown).toBe(context.logLevel === 'fine' && has(context.entries, 'fine detail'));
  expect(within(w).getByText('[warn] No model yet')).toBeInTheDocument();
  expect(w.hasAttribute('data-maximised')).toBe(context.maximised);
  // A notice shows in the window and as a notification until dismissed or replaced.
  if (context.notice?.text === TOO_LONG) {
    // Refused in the window only (no toast), with the limit; the draft stays to be shortened.
    expect(within(w).getByRole('status')).toHaveTextContent(TOO_LONG);
    expect(labelled('Message')).toHaveValue(LONG_MESSAGE);
  } else if (context.notice) {
    expect(within(w).getByRole('status')).toHaveTextContent(context.notice.text);
    expect(notices.at(-1)).toEqual(context.notice);
  } else expect(within(w).queryByLabelText('Dismiss')).toBeNull();
  // The integration socket runs exactly while the machine listens.
  expect(socket.open).toBe(state.matches({ open: { idle: 'listening' } }));
}
const busy = () => expect(screen.getByLabelText('Chat test window').querySelector('[aria-busy="true"]')).not.toBeNull();
const idleWindow = () => {
  expect(within(win()).getByText('Order a pizza').closest('button')).toBeEnabled();
  expect(labelled('Attach files')).toBeEnabled();
  // Empty input: nothing to send; a refused long draft stays in it (and may be sent again to read the limit).
  if ((labelled('Message') as HTMLInputElement).value) expect(labelled('Send')).toBeEnabled();
  else expect(labelled('Send')).toBeDisabled();
  expect(labelled('Convert to test')).toBeEnabled();
  expect(screen.queryByLabelText('The bot is answering')).toBeNull();
  // A conversation back in hand forgets the refusals before it.
  expect(screen.queryByTestId('chat-reconnecting')).toBeNull();
  expect(liveContext().retries).toBe(0);
  expect(timers.commands).toContainEqual({ type: 'timers.start', reaction: 'order_reminder', seconds: 60 });
  expect(labelled(`Read aloud: ${WELCOME}`)).not.toHaveAttribute('data-loading');
};

const states: StateAssertions<typeof machine> = {
  closed: () => {
    expect(screen.queryByLabelText('Chat test window')).toBeNull();
    expect(screen.getByText('Run Chat')).toBeInTheDocument();
    expect(socket.open).toBe(false);
  },
  opening: () => {
    expect(initChat.calls.at(-1)).toEqual({ getMeta: true });
    busy();
  },
  'opening.starting': () => {
    expect(within(win()).getByText('Starting a conversation…')).toBeInTheDocument();
    expect(screen.queryByTestId('chat-reconnecting')).toBeNull();
    expect(initChat.pending).toBe(1);
  },
  'opening.reconnecting': () => {
    // Refused as busy: the window says it is reconnecting, and nothing is on its way until the backoff ends.
    expect(screen.getByTestId('chat-reconnecting')).toHaveTextContent(CHAT_NOTICES.reconnecting);
    expect(within(win()).queryByText('Starting a conversation…')).toBeNull();
    expect(initChat.pending).toBe(0);
    expect(liveContext().retries).toBeGreaterThan(0);
    expect(screen.queryByText('Try again')).toBeNull();
  },
  failed: () => {
    // In the window's body, and as its notice until dismissed.
    expect(within(win()).getAllByText(CHAT_TEXTS.initFailed)).toHaveLength(liveContext().notice ? 2 : 1);
    expect(screen.getByText('Try again')).toBeInTheDocument();
    expect(notices.at(-1)).toEqual({ text: CHAT_TEXTS.initFailed, tone: 'error' });
    expect(screen.queryByLabelText('Message')).toBeNull();
  },
  open: conversationShown,
  'open.idle.quiet': (state) => {
    idleWindow();
    // Quiet means no integration: with one, an idle conversation listens to its socket.
    expect(state.context.integration).toBe(false);
  },
  'open.idle.listening': (state) => {
    idleWindow();
    expect(state.context.integration).toBe(true);
    expect(within(win()).getByText(COLLEAGUE)).toBeInTheDocument();
    expect(socket.opened.at(-1)).toEqual(CONVERSATION);
  },
  'open.idle.retrying': (state) => {
    idleWindow();
    expect(state.context.integration).toBe(true);
  },
  'open.sending': () => {
    // The typed message shows with a spinner until the transcript (an answer, a provisional one) holds it.
    const pending = liveContext().pendingText;
    if (pending) expect(within(screen.getByTestId('chat-pending-message')).getByText(pending)).toBeInTheDocument();
    expect(screen.queryByLabelText('Waiting for the bot') !== null).toBe(pending !== null);
    // Once the transcript holds the message (a provisional answer came), the bot's side shows it is still answering.
    expect(screen.queryByLabelText('The bot is answering') !== null).toBe(pending === null);
    expect(within(win()).getByText('Order a pizza').closest('button')).toBeDisabled();
    expect(sendMessage.calls.at(-1)).toMatchObject({ conversation: CONVERSATION, msg: ORDER, getMeta: true });
    expect(sendMessage.pending).toBe(1);
    busy();
  },
  'open.sending.waiting': () => expect(pollProvisional.pending).toBe(0),
  'open.reconnecting': () => {
    // The message refused as busy stays shown as on its way and goes again after the backoff; no error notice.
    expect(within(screen.getByTestId('chat-pending-message')).getByText(ORDER)).toBeInTheDocument();
    expect(screen.getByTestId('chat-reconnecting')).toHaveTextContent(CHAT_NOTICES.reconnecting);
    expect(sendMessage.pending).toBe(0);
    expect(liveContext().retries).toBeGreaterThan(0);
    expect(within(win()).getByText('Order a pizza').closest('button')).toBeDisabled();
    busy();
  },
  'open.sending.polling': () => {
    expect(pollProvisional.pending).toBe(1);
    expect(pollProvisional.calls.at(-1)).toMatchObject({ conversation: CONVERSATION, getMeta: true });
  },
  'open.timingOut': () => {
    expect(sendTimeout.calls.at(-1)).toMatchObject({ conversation: CONVERSATION, reaction: 'order_reminder' });
    expect(sendTimeout.pending).toBe(1);
    busy();
  },
  'open.uploading': () => {
    expect(uploadAttachments.calls.at(-1)?.files.map((f) => f.name)).toEqual(['photo.png']);
    expect(labelled('Attach files')).toBeDisabled();
    busy();
  },
  'open.reading': () => {
    expect(readUtter.calls.at(-1)).toMatchObject({ conversation: CONVERSATION, utter: WELCOME, speed: 1 });
    expect(labelled(`Read aloud: ${WELCOME}`)).toHaveAttribute('data-loading');
    busy();
  },
  'open.converting': () => {
    // The modal's title (the tooltip of its opener says the same).
    expect(screen.getByText('Convert conversation to test', { selector: 'h2' })).toBeInTheDocument();
  },
  'open.converting.loading': () => {
    expect(screen.getByLabelText('Loading tests')).toBeInTheDocument();
    expect(loadTestNames.pending).toBe(1);
  },
  'open.converting.editing': () => {
    const context = liveContext();
    expect(labelled('Test name')).toHaveValue(context.testName);
    const error = context.testNameError;
    expect([null, TEST_NAME_EMPTY, TEST_NAME_DUPLICATE, 'Server refused']).toContain(error);
    if (error) expect(screen.getByText(error)).toBeInTheDocument();
    else expect(labelled('Test name')).not.toHaveAttribute('aria-invalid', 'true');
  },
  'open.converting.saving': () => {
    expect(screen.getByText('Create test').closest('button')).toHaveAttribute('data-loading');
    const test = createTest.calls.at(-1);
    expect(test?.name).toBe(TEST_NAME);
    // One step per message of the user, with its reaction and the actions it ran; the opening turn is no step.
    expect(test?.steps).toEqual(
      has(liveContext().entries, ORDER)
        ? [{ input: ORDER, reactions: [3], condition: '', actions: ['date_picker', 'links', 'image'] }]
        : [],
    );
  },
  'open.ended': () => {
    expect(within(win()).getByText(CHAT_TEXTS.ended)).toBeInTheDocument();
    expect(screen.getByText('Restart')).toBeInTheDocument();
    expect(screen.queryByLabelText('Message')).toBeNull();
    expect(timers.commands.at(-1)).toEqual({ type: 'timers.clear', reaction: null });
  },
};

// ---- The model -----------------------------------------------------------------------------------------------

/** Sample events, labelled for the test names. */
const labels = new Map<object, string>();
const sample = <T extends EventObject>(event: T, label: string): T => {
  labels.set(event, label);
  return event;
};
// Every outcome of a conversation call.
const outcomes = (id: string) => [
  sample({ type: `xstate.done.actor.${id}`, output: answers.plain }, 'answered'),
  sample({ type: `xstate.done.actor.${id}`, output: answers.ended }, 'call_end'),
  sample({ type: `xstate.done.actor.${id}`, output: answers.redirect }, 'integration_redirect'),
];

const config: ModelTestConfig<typeof machine> = {
  name: 'chat',
  machine,
  input: { getMeta: true },
  render: (m) => {
    notices.length = 0;
    played.length = 0;
    timers.commands = [];
    lookups.commands = [];
    socket.opened = [];
    socket.open = false;
    live = createActor(m, { input: { getMeta: true } }).start();
    const actor = live;
    render(
      <MantineProvider env="test">
        <Button onClick={() => actor.send({ type: 'chat.open' })}>Run Chat</Button>
        <ChatWindow actor={actor} canConvert />
      </MantineProvider>,
    );
    return { actor };
  },
  executors,
  states,
  internalExecutors: {
    // The WAV plays when it arrives.
    'xstate.done.actor.readUtter': async () => {
      await act(async () => {
        readUtter.resolve();
        for (let i = 0; i < 10; i++) await Promise.resolve();
      });
      expect(played.at(-1)).toBe(readUtter.output);
    },
  },
  invokes: {
    initChat,
    sendMessage,
    pollProvisional,
    sendTimeout,
    uploadAttachments,
    readUtter,
    loadTestNames,
    createTest,
  },
  events: [
    sample({ type: 'xstate.done.actor.initChat', output: start(opening) }, 'started'),
    sample({ type: 'xstate.done.actor.initChat', output: start([...opening, ...goodbye], true) }, 'call_end'),
    sample({ type: 'xstate.done.actor.initChat', output: start([...opening, ...redirect]) }, 'integration_redirect'),
    ...outcomes('sendMessage'),
    sample({ type: 'xstate.error.actor.initChat', error: new Error('down') }, 'down'),
    sample({ type: 'xstate.error.actor.initChat', error: busyServer('chatInit') }, '503 busy'),
    sample({ type: 'xstate.error.actor.sendMessage', error: new Error('down') }, 'down'),
    sample({ type: 'xstate.error.actor.sendMessage', error: busyServer('chatSend') }, '503 busy'),
    sample(
      {
        type: 'xstate.error.actor.sendMessage',
        error: new ApiError('chatSend', 410, { message: 'Conversation ended.' }, false),
      },
      '410 gone',
    ),
    ...outcomes('sendTimeout'),
    ...outcomes('uploadAttachments'),
    sample({ type: 'message.send', text: ORDER }, ORDER),
    sample({ type: 'message.send', text: LONG_MESSAGE }, 'over the limit'),
    sample({ type: 'attachment.upload', files: [new File(['png'], 'photo.png', { type: 'image/png' })] }, 'photo.png'),
    sample({ type: 'attachment.upload', files: [] }, 'no file'),
    sample({ type: 'utter.read', text: WELCOME }, 'welcome'),
    sample({ type: 'log.level', level: 'fine' }, 'fine'),
    sample({ type: 'convert.name', name: EXISTING_TEST }, EXISTING_TEST),
    sample({ type: 'convert.name', name: TEST_NAME }, TEST_NAME),
    sample({ type: 'timeout.elapsed', reaction: 'order_reminder' }, 'order_reminder'),
    sample({ type: 'entity.looked', key: theirSelect.timestamp, lookup: { values: THEIR_VALUES } }, 'their values'),
    sample({ type: 'entity.looked', key: theirSelect.timestamp, lookup: ENTITY_NOT_FOUND }, 'Entity not found'),
    sample({ type: 'entity.looked', key: theirSelect.timestamp, lookup: ENTITY_FORBIDDEN }, 'forbidden'),
    sample({ type: 'socket.message', tracker: agent, ended: false }, 'agent'),
    sample({ type: 'socket.message', tracker: goodbye, ended: true }, 'call_end'),
    sample({ type: 'socket.closed', clean: true }, 'clean'),
    sample({ type: 'socket.closed', clean: false }, 'unclean'),
  ] as never[],
  serializeContext: projection,
};

// ---- Which paths run -----------------------------------------------------------------------------------------

type Path = ModelPath<typeof machine>;
type Step = Path['steps'][number];

const transitionKeys = new Map<AnyTransitionDefinition, string>();
const allNodes = (node: AnyStateNode): AnyStateNode[] => [node, ...Object.values(node.states).flatMap(allNodes)];
for (const node of allNodes(machine.root)) for (const [t, def] of nodeTransitions(node)) transitionKeys.set(t, def.key);

/** Transitions (by statechart key), states (by id) and sample events (by label) one step walks. */
function walked(previous: Step, step: Step): string[] {
  const taken = machine.getTransitionData(previous.state, step.event as never).map((t) => transitionKeys.get(t));
  const sampleLabel = labels.get(step.event);
  const sent = sampleLabel && `${step.event.type} (${sampleLabel})`;
  return [...taken, ...step.state._nodes.map((n) => n.id), sent].filter((k): k is string => !!k);
}

/**
 * What a person can do at a step. The convert modal covers the window: while it is open only its own controls
 * (and no hotkey, its name field has the focus) reach the machine. Dismiss needs a notice to dismiss.
 */
function feasible(previous: Step, step: Step): boolean {
  const { type } = step.event;
  if (previous.state.matches({ open: 'converting' }) && !type.startsWith('convert.') && !type.startsWith('xstate.'))
    return false;
  return type !== 'notice.dismiss' || previous.state.context.notice !== null;
}

/** A step as the model tells steps apart, with the sample event's label (samples of one type differ). */
const stepKey = ({ state, event }: Step) =>
  JSON.stringify([state.value, projection(state.context), event.type, labels.get(event) ?? '']);
const walkOf = (steps: Step[]) => steps.map(stepKey).join('\n');

/**
 * One shortest path per transition, per state and per sample event: the shortest feasible prefix of a generated
 * path that walks it, keeping only the prefixes no other chosen one extends. xstate/graph gives one shortest path
 * per serialized (state, context projection, event, previous state) — hundreds, ~15 min of rendering — where
 * fewer than 50 walk every transition at least once.
 */
function onePathPerTransition(paths: Path[]): Path[] {
  const shortest = new Map<string, Step[]>();
  for (const path of paths) {
    for (let i = 1; i < path.steps.length; i++) {
      if (!feasible(path.steps[i - 1], path.steps[i])) break;
      for (const key of walked(path.steps[i - 1], path.steps[i])) {
        const known = shortest.get(key);
        if (!known || known.length > i + 1) shortest.set(key, path.steps.slice(0, i + 1));
      }
    }
  }
  const walks = new Map([...shortest.values()].map((steps) => [walkOf(steps), steps]));
  const isPrefix = (walk: string) => [...walks.keys()].some((other) => other !== walk && other.startsWith(`${walk}\n`));
  return [...walks]
    .filter(([walk]) => !isPrefix(walk))
    .map(([, steps]) => steps)
    .sort((a, b) => a.length - b.length)
    .map((steps) => ({ description: steps.slice(1).map(stepLabel).join(' → '), steps }));
}

function stepLabel({ event }: Step): string {
  const type = event.type
    .replace(/^xstate\.done\.actor\.(.*)$/, '$1 done')
    .replace(/^xstate\.error\.actor\.(.*)$/, '$1 failed')
    .replace(/^xstate\.after\.([^.]*)\..*$/, 'after $1');
  const label = labels.get(event);
  return label ? `${type} (${label})` : type;
}

describe(`model ${config.name}`, () => {
  const harness = createModelHarness(config);
  const paths = onePathPerTransition(harness.paths);
  it('has an assertion for every state and an executor for every event', () => harness.assertComplete());
  for (const path of paths) it(path.description, () => harness.runPath(path));
  it('covers every state and transition', () => {
    const { states, transitions } = harness.coverage();
    expect({ states: states.missing, transitions: transitions.missing }).toEqual({ states: [], transitions: [] });
  });
  afterAll(() => {
    recordCoverage({ ...harness.coverage(), paths: paths.length });
    writeMachineRun(harness.run());
  });
});
