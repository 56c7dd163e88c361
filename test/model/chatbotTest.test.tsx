// Model-based test of the chatbot test screen: xstate/graph walks the chatbotTest chart (both regions of `ready`),
// each path drives the real ChatbotTestView; the frame's load is played by the test, as jsdom runs no bundle.
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { CHATBOT_TEST_TEXTS, withScheme } from '../../src/api/contract/chatbot-test.ts';
import type { ScreenshotInput, WidgetSetup } from '../../src/machines/chatbotTest/actors.ts';
import { SCREENSHOT_SIZE, chatbotTestMachine } from '../../src/machines/chatbotTest/machine.ts';
import { BUNDLE_SCRIPT_MARK } from '../../src/machines/chatbotTest/widgetFrame.ts';
import { ChatbotTestView, FRAME_TITLE } from '../../src/screens/chatbotTest/ChatbotTestView.tsx';
import { createDeferredActor, describeModel, type ModelExecutors, type StateAssertions } from './harness.ts';

const WIDGET: WidgetSetup = {
  bundleSrc: 'http://console.example.com/v1/chatbot/bundle.js',
  token: 'tok_"quoted"&<token>',
  projectId: 1,
};
const BACKGROUND = 'data:image/png;base64,iVBORw0KGgo=';
const REFUSED = 'Address 10.0.0.1 of intranet.example.com is a private address; only public addresses can be shown.';

const loadWidget = createDeferredActor<WidgetSetup, unknown>({ output: WIDGET, error: new Error('offline') });
const takeScreenshot = createDeferredActor<string, ScreenshotInput>({
  output: BACKGROUND,
  error: new Error(REFUSED),
});
const machine = chatbotTestMachine.provide({
  actors: { loadWidget: loadWidget.logic, takeScreenshot: takeScreenshot.logic },
});

const urlInput = () => screen.getByLabelText(CHATBOT_TEST_TEXTS.urlLabel);
const showButton = () => screen.getByRole('button', { name: CHATBOT_TEST_TEXTS.show });
const frame = () => screen.getByTitle(FRAME_TITLE) as HTMLIFrameElement;

/** What a browser does once the frame's document ran (or failed to run) the bundle: a load event. */
function frameLoads(bundleRan: boolean) {
  const element = frame();
  const document = element.contentDocument as Document;
  if (!document.querySelector(`script[${BUNDLE_SCRIPT_MARK}]`)) {
    const script = document.createElement('script');
    script.setAttribute(BUNDLE_SCRIPT_MARK, '');
    document.body.append(script);
  }
  const window = element.contentWindow as unknown as { ChatbotWidget?: unknown };
  if (bundleRan) window.ChatbotWidget = { init: () => {} };
  else delete window.ChatbotWidget;
  fireEvent.load(element);
}

const executors = {
  'url.change': ({ event }) => fireEvent.change(urlInput(), { target: { value: event.url } }),
  'page.show': async ({ user, previous }) => {
    // With an empty input Show is disabled: the gesture is not there, and the model stays put.
    if (previous.context.url.trim() === '') return expect(showButton()).toBeDisabled();
    await user.click(showButton());
  },
  'bundle.loaded': () => frameLoads(true),
  'bundle.failed': () => frameLoads(false),
  'widget.reload': ({ user }) => user.click(screen.getByRole('button', { name: 'Reload' })),
} satisfies ModelExecutors<typeof machine>;

const bundleText = () => screen.queryByText(CHATBOT_TEST_TEXTS.bundleFailed);

const states: StateAssertions<typeof machine> = {
  loadingWidget: () => {
    expect(screen.getByText('Reading the chatbot settings…')).toBeInTheDocument();
    expect(urlInput()).toBeDisabled();
    expect(screen.queryByTitle(FRAME_TITLE)).toBeNull();
    expect(bundleText()).toBeNull();
  },
  unavailable: () => {
    expect(bundleText()).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(screen.queryByTitle(FRAME_TITLE)).toBeNull();
    expect(showButton()).toBeDisabled();
  },
  ready: (state) => {
    // The frame loads the development bundle with the project's token, attributes escaped.
    const doc = frame().getAttribute('srcdoc') ?? '';
    expect(doc).toContain(`src="${WIDGET.bundleSrc}"`);
    expect(doc).toContain('data-token="tok_&quot;quoted&quot;&amp;&lt;token&gt;"');
    expect(doc).toContain('data-env="dev"');
    expect(doc).toContain('data-project-id="1"');
    expect(doc).not.toMatch(/<script>/);
    expect(urlInput()).toHaveValue(state.context.url);
    if (state.context.url.trim() === '') expect(showButton()).toBeDisabled();
    else expect(showButton()).toBeEnabled();
  },
  'ready.page.blank': () => {
    expect(frame().getAttribute('srcdoc')).not.toContain('url(');
    expect(screen.queryByText(CHATBOT_TEST_TEXTS.screenshotFailed)).toBeNull();
  },
  'ready.page.capturing': (state) => {
    expect(screen.getByText('Taking a screenshot of the page…')).toBeInTheDocument();
    // Spec 2 §5: http:// in front when the URL has no http or https; the input shows it too (until edited).
    expect(state.context.page).toBe('http://pizza.example.com');
    expect(takeScreenshot.calls.at(-1)).toEqual({ url: 'http://pizza.example.com', ...SCREENSHOT_SIZE });
  },
  'ready.page.shown': () => {
    expect(frame().getAttribute('srcdoc')).toContain(`url(&quot;${BACKGROUND}&quot;)`);
    expect(screen.queryByText(CHATBOT_TEST_TEXTS.screenshotFailed)).toBeNull();
    expect(screen.queryByText('Taking a screenshot of the page…')).toBeNull();
  },
  'ready.page.failed': () => {
    expect(screen.getByText(CHATBOT_TEST_TEXTS.screenshotFailed)).toBeInTheDocument();
    expect(screen.getByText(REFUSED)).toBeInTheDocument();
    expect(frame().getAttribute('srcdoc')).not.toContain('url(');
  },
  'ready.bundle.loading': () => expect(bundleText()).toBeNull(),
  'ready.bundle.loaded': () => expect(bundleText()).toBeNull(),
  'ready.bundle.failed': () => {
    expect(bundleText()).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reload' })).toBeNull();
  },
};

describeModel({
  name: 'chatbotTest',
  machine,
  render: (m) => {
    const actor = createActor(m).start();
    render(
      <MantineProvider env="test">
        <ChatbotTestView actor={actor} />
      </MantineProvider>,
    );
    return { actor };
  },
  executors,
  states,
  invokes: { loadWidget, takeScreenshot },
  events: [
    // The input starts empty (Show disabled); one bare host name then covers typing and the prepended scheme.
    { type: 'url.change', url: 'pizza.example.com' },
  ],
  // The input's text is checked against the view; which page and whether a background is shown follow the state.
  serializeContext: (c) => ({ url: c.url }),
});

describe('withScheme (spec 2 §5)', () => {
  it('prepends http:// only when the URL has neither http nor https', () => {
    expect(withScheme('pizza.example.com')).toBe('http://pizza.example.com');
    expect(withScheme('  www.example.com/menu ')).toBe('http://www.example.com/menu');
    expect(withScheme('https://shop.example.com')).toBe('https://shop.example.com');
    expect(withScheme('HTTP://shop.example.com')).toBe('HTTP://shop.example.com');
  });
});
