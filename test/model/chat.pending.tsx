// Model-based test of the chat: xstate/graph walks the chat chart, each path drives the real ChatWindow with
// deferred fake network actors, a fake timers actor and a fake integration socket.
import { Button, MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { type AnyActorRef, createActor, fromCallback } from 'xstate';
import { ApiError } from '../../src/api/client.ts';
import { CHAT_TEXTS, type ChatResponse, type TrackerEntry } from '../../src/api/contract/chat.ts';
import type {
  ChatStart,
  ConversationRef,
  ProvisionalAnswer,
  SocketEvent,
  TimerCommand,
  TimerEvent,
} from '../../src/machines/chat/actors.ts';
import { chatMachine } from '../../src/machines/chat/machine.ts';
import { type NewTest, TEST_NAME_DUPLICATE, TEST_NAME_EMPTY } from '../../src/machines/chat/testConversion.ts';
import { ChatWindow } from '../../src/ui/chat/ChatWindow.tsx';
import { createDeferredActor, describeModel, type ModelExecutors, type StateAssertions } from './harness.ts';

// ---- Sample conversation -------------------------------------------------------------------------------------

let clock = 1_000;
const entry = (
  type: TrackerEntry['type'],
  value: string | null,
  args: Record<string, unknown> = {},
  level?: number,
) => ({
  type,
  value,
  args,
  timestamp: clock++,
  ...(level === undefined ? {} : { level }),
});
const WELCOME = 'Welcome to the Demo pizzeria!';
const ORDER = 'I want to order a pizza';
const opening = [
  entry('reaction', 'welcome', { id: 1 }),
  entry('utter', WELCOME, { who: 'bot' }),
  entry('action', 'buttons', { buttons: [{ title: 'Order a pizza', payload: ORDER }] }),
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
const redirect = [
  entry('utter', 'Let me pass you to a colleague.', { who: 'bot' }),
  entry('action', 'integration_redirect', {}),
];
const agent = [entry('utter', '<b>Agent</b> here', { who: 'bot' })];

const answer = (tracker: TrackerEntry[], ended = false): ChatResponse => ({ conversation_id: 7, tracker, ended });
const start = (tracker: TrackerEntry[], ended = false): ChatStart => ({
  ...answer(tracker, ended),
  conversation_token: 'conversation-token-0001',
  client_style: '$read-utterances: true;\n.chat { color: red; }',
});
const answers = { plain: answer(ordered), ended: answer([...ordered, ...goodbye], true), redirect: answer(redirect) };

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
const loadTestNames = createDeferredActor<string[], unknown>({ output: ['existing test'], error: new Error('down') });
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
/** The integration socket; `push` is the server sending, `opened` counts connections. */
const socket = { opened: [] as ConversationRef[], push: (_event: SocketEvent) => {} };
const fakeSocket = fromCallback<
  { type: 'socket.stop' },
  { conversation: ConversationRef; lastTs: number },
  SocketEvent
>(({ input, sendBack }) => {
  socket.opened.push(input.conversation);
  socket.push = sendBack;
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
    integrationSocket: fakeSocket,
  },
  actions: {
    notify: (_, params) => notices.push(params),
    playAudio: (_, params) => played.push(params.audio),
  },
});

// ---- Gestures ------------------------------------------------------------------------------------------------

const win = () => screen.getByRole('dialog', { name: 'Chat test window' });
const button = (name: string | RegExp) => screen.getByRole('button', { name });
const pushed = (event: SocketEvent) => act(async () => socket.push(event));

const executors = {
  'chat.open': ({ user }) => user.click(button('Run Chat')),
  'chat.close': ({ user }) => user.click(button('Close chat')),
  'chat.reload': ({ user }) =>
    user.click(screen.queryByRole('button', { name: 'Try again' }) ?? button('Reload conversation')),
  'chat.restart': ({ user }) => user.click(button('Restart')),
  'message.send': ({ user }) => user.click(within(win()).getAllByRole('button', { name: 'Order a pizza' })[0]),
  'attachment.upload': ({ event }) => {
    const input = win().querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: event.files } });
  },
  'utter.read': ({ user }) => user.click(within(win()).getAllByRole('button', { name: `Read aloud: ${WELCOME}` })[0]),
  'notice.dismiss': async ({ user }) => {
    const dismiss = screen.queryByRole('button', { name: 'Dismiss' });
    if (dismiss) await user.click(dismiss);
  },
  'log.level': async ({ user, event }) => {
    // (hidden: an open modal hides the window from the accessibility tree; the selector still works)
    await user.click(screen.getByRole('textbox', { name: 'Log level', hidden: true }));
    await user.click(await screen.findByRole('option', { name: event.level }));
  },
  'window.toggleSize': ({ user }) => user.keyboard('{Control>}m{/Control}'),
  'convert.open': ({ user }) => user.click(button('Convert to test')),
  'convert.name': async ({ user, event }) => {
    const field = screen.getByRole('textbox', { name: 'Test name' });
    await user.clear(field);
    if (event.name) await user.type(field, event.name);
    else {
      await user.type(field, 'x');
      await user.clear(field);
    }
  },
  'convert.submit': ({ user }) => user.click(button('Create test')),
  'convert.cancel': ({ user }) => user.click(button('Cancel')),
  'timeout.elapsed': ({ event }) => act(async () => timers.fire(event)),
  'socket.message': ({ event }) => pushed(event),
  'socket.closed': ({ event }) => pushed(event),
} satisfies ModelExecutors<typeof machine>;

// ---- What each state shows ----------------------------------------------------------------------------------

/** The running actor: context-derived rendering is checked against it (the model keys states on a projection). */
let live: AnyActorRef;
const context = () => live.getSnapshot().context as ReturnType<typeof machine.getInitialSnapshot>['context'];
const transcriptShown = () => {
  const state = { context: context() };
  const w = win();
  expect(within(w).getAllByText(WELCOME).length).toBeGreaterThan(0);
  if (state.context.entries.some((e) => e.value === 'links')) {
    expect(within(w).getByText('order')).toBeInTheDocument();
    expect(within(w).getByText('0.91')).toBeInTheDocument();
    expect(within(w).getByRole('link', { name: 'Menu' })).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(w).queryByRole('link', { name: 'Evil' })).toBeNull();
    expect(within(w).getByText(CHAT_TEXTS.noAttachment)).toBeInTheDocument();
    expect(within(w).getByRole('button', { name: 'Choose delivery_date' })).toBeInTheDocument();
  }
  if (state.context.entries.some((e) => e.value === agent[0].value)) {
    // HTML from the bot or an agent stays text.
    expect(within(w).getByText('<b>Agent</b> here')).toBeInTheDocument();
    expect(w.querySelector('b')).toBeNull();
  }
  // Log level filter: warn (default) hides fine entries.
  const fineShown = within(w).queryByText('[fine] fine detail') !== null;
  const fineExpected =
    state.context.logLevel === 'fine' && state.context.entries.some((e) => e.value === 'fine detail');
  expect(fineShown).toBe(fineExpected);
  expect(within(w).getByText('[warn] No model yet')).toBeInTheDocument();
  expect(w.hasAttribute('data-maximised')).toBe(state.context.maximised);
};
const lastNotice = () => notices.at(-1)?.text;

const states: StateAssertions<typeof machine> = {
  closed: () => {
    expect(screen.queryByRole('dialog', { name: 'Chat test window' })).toBeNull();
    expect(button('Run Chat')).toBeInTheDocument();
  },
  opening: () => {
    expect(within(win()).getByText('Starting a conversation…')).toBeInTheDocument();
    expect(initChat.calls.at(-1)).toEqual({ getMeta: true });
  },
  failed: () => {
    expect(within(win()).getAllByText(CHAT_TEXTS.initFailed).length).toBeGreaterThan(0);
    expect(lastNotice()).toBe(CHAT_TEXTS.initFailed);
  },
  'open.idle.quiet': () => {
    transcriptShown();
    expect(button('Send')).toBeDisabled();
    expect(within(win()).getAllByRole('button', { name: 'Order a pizza' })[0]).toBeEnabled();
    expect(timers.commands).toContainEqual({ type: 'timers.start', reaction: 'order_reminder', seconds: 60 });
  },
  'open.idle.listening': () => {
    transcriptShown();
    expect(within(win()).getAllByText('Let me pass you to a colleague.').length).toBeGreaterThan(0);
    expect(socket.opened.at(-1)).toEqual({ id: 7, token: 'conversation-token-0001' });
  },
  'open.idle.retrying': () => transcriptShown(),
  'open.sending.waiting': () => {
    transcriptShown();
    expect(screen.getByLabelText('Waiting for the bot')).toBeInTheDocument();
    expect(within(win()).getAllByRole('button', { name: 'Order a pizza' })[0]).toBeDisabled();
  },
  'open.sending.polling': () => {
    expect(screen.getByLabelText('Waiting for the bot')).toBeInTheDocument();
    expect(pollProvisional.pending).toBe(1);
  },
  'open.timingOut': () => expect(sendTimeout.calls.at(-1)).toMatchObject({ reaction: 'order_reminder' }),
  'open.uploading': () => expect(uploadAttachments.calls.at(-1)?.files).toHaveLength(1),
  'open.reading': () => {
    expect(readUtter.calls.at(-1)).toMatchObject({ utter: WELCOME, speed: 1 });
  },
  'open.converting.loading': () => expect(screen.getByLabelText('Loading tests')).toBeInTheDocument(),
  'open.converting.editing': () => {
    const { testName, testNameError } = context();
    expect(screen.getByRole('textbox', { name: 'Test name' })).toHaveValue(testName);
    if (testNameError) expect(screen.getByText(testNameError)).toBeInTheDocument();
    expect([null, TEST_NAME_EMPTY, TEST_NAME_DUPLICATE, 'Server refused']).toContain(testNameError);
  },
  'open.converting.saving': () => {
    const test = createTest.calls.at(-1);
    expect(test?.name).toBe('chat test');
    if (test?.steps.length)
      expect(test.steps[0]).toEqual({
        input: ORDER,
        reactions: [3],
        condition: '',
        actions: ['date_picker', 'links', 'image'],
      });
  },
  'open.ended': () => {
    expect(within(win()).getByText(CHAT_TEXTS.ended)).toBeInTheDocument();
    expect(button('Restart')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
  },
};

// Every outcome of the calls, as the model's sample events.
const outcomes = (id: string) => [
  { type: `xstate.done.actor.${id}`, output: answers.plain },
  { type: `xstate.done.actor.${id}`, output: answers.ended },
  { type: `xstate.done.actor.${id}`, output: answers.redirect },
];

describeModel({
  name: 'chat',
  machine,
  input: { getMeta: true },
  render: (m) => {
    notices.length = 0;
    played.length = 0;
    timers.commands = [];
    socket.opened = [];
    const actor = createActor(m, { input: { getMeta: true } }).start();
    live = actor;
    render(
      <MantineProvider env="test">
        <Button onClick={() => actor.send({ type: 'chat.open' })}>Run Chat</Button>
        <ChatWindow actor={actor} canConvert />
      </MantineProvider>,
    );
    return { actor: actor as AnyActorRef };
  },
  executors,
  states,
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
    { type: 'xstate.done.actor.initChat', output: start(opening) },
    { type: 'xstate.done.actor.initChat', output: start([...opening, ...goodbye], true) },
    { type: 'xstate.done.actor.initChat', output: start([...opening, ...redirect]) },
    ...outcomes('sendMessage'),
    { type: 'xstate.error.actor.sendMessage', error: new Error('down') },
    {
      type: 'xstate.error.actor.sendMessage',
      error: new ApiError('chatSend', 410, { message: 'Conversation ended.' }, false),
    },
    ...outcomes('sendTimeout'),
    ...outcomes('uploadAttachments'),
    { type: 'message.send', text: ORDER },
    { type: 'attachment.upload', files: [new File(['png'], 'photo.png', { type: 'image/png' })] },
    { type: 'attachment.upload', files: [] },
    { type: 'utter.read', text: WELCOME },
    { type: 'log.level', level: 'fine' },
    { type: 'convert.name', name: '' },
    { type: 'convert.name', name: 'existing test' },
    { type: 'convert.name', name: 'chat test' },
    { type: 'timeout.elapsed', reaction: 'order_reminder' },
    { type: 'socket.message', tracker: agent, ended: false },
    { type: 'socket.message', tracker: goodbye, ended: true },
    { type: 'socket.closed', clean: true },
    { type: 'socket.closed', clean: false },
  ] as never[],
  serializeContext: (c) => ({
    integration: c.integration,
    ended: c.ended,
    name: c.testName,
    error: c.testNameError,
  }),
});
