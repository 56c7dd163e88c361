import type { DoneActorEvent, ErrorActorEvent, OutputFrom } from 'xstate';
import { assign, setup } from 'xstate';
import { withScheme } from '../../api/contract/chatbot-test.ts';
import { type WidgetSetup, chatbotTestActors } from './actors.ts';
import type { ChatbotTestEvent } from './events.ts';
import { hasUrl } from './guards.ts';

/** The screenshot's size: the frame shows it scaled to its width. */
export const SCREENSHOT_SIZE = { width: 1280, height: 800 } as const;

export interface ChatbotTestContext {
  /** The Webpage URL input. */
  url: string;
  /** The page being captured or shown (the input's URL when Show was pressed, with its scheme). */
  page: string | null;
  widget: WidgetSetup | null;
  /** The page's screenshot as a data: URL, the frame's background. */
  background: string | null;
  /** Why the last screenshot failed. */
  failure: string | null;
}

/**
 * Show, from every page state. A transition between siblings, never from the `page` region itself: leaving the
 * region would leave the parallel `ready` state and restart the bundle's region too.
 */
const showPage = { guard: 'hasUrl', target: 'capturing', actions: 'showUrl' } as const;

const reason = (error: unknown): string => (error instanceof Error && error.message ? error.message : String(error));

/**
 * The chatbot test screen (spec 2 §2, §5, §7): the frame loads the development bundle with the project's chatbot
 * token; a web page's screenshot, taken by the server, becomes its background. The page and the bundle are
 * independent regions: a page can fail while the bundle runs, and the other way round.
 */
export const chatbotTestMachine = setup({
  types: {
    context: {} as ChatbotTestContext,
    events: {} as ChatbotTestEvent,
  },
  actors: chatbotTestActors,
  guards: {
    hasUrl: ({ context }) => hasUrl(context.url),
  },
  actions: {
    setUrl: assign({ url: ({ context, event }) => (event.type === 'url.change' ? event.url : context.url) }),
    /** Spec 2 §5: http:// in front when the URL has no http or https. */
    showUrl: assign(({ context }) => ({ url: withScheme(context.url), page: withScheme(context.url) })),
    storeWidget: assign({
      widget: (_, event: DoneActorEvent<OutputFrom<(typeof chatbotTestActors)['loadWidget']>>) => event.output,
    }),
    storeBackground: assign({
      background: (_, event: DoneActorEvent<OutputFrom<(typeof chatbotTestActors)['takeScreenshot']>>) => event.output,
      failure: null,
    }),
    rememberFailure: assign({ background: null, failure: (_, event: ErrorActorEvent) => reason(event.error) }),
  },
}).createMachine({
  id: 'chatbotTest',
  description: 'Preview of the chatbot over a screenshot of a web page.',
  context: { url: '', page: null, widget: null, background: null, failure: null },
  initial: 'loadingWidget',
  states: {
    loadingWidget: {
      description: 'GET /settings (chatbot base url) and GET /project/api-token.',
      tags: ['loading'],
      invoke: {
        id: 'loadWidget',
        src: 'loadWidget',
        onDone: { target: 'ready', actions: { type: 'storeWidget', params: ({ event }) => event } },
        onError: 'unavailable',
      },
    },
    unavailable: {
      description: 'The settings or the token cannot be read: the bundle-failure text and Reload.',
      on: { 'widget.reload': 'loadingWidget' },
    },
    ready: {
      description: 'The URL input, Show, and the frame with the bundle.',
      type: 'parallel',
      on: { 'url.change': { actions: 'setUrl' } },
      states: {
        page: {
          description: 'The background: a screenshot of the page at the URL.',
          initial: 'blank',
          states: {
            blank: { description: 'No page yet: the frame is white.', on: { 'page.show': showPage } },
            capturing: {
              description: 'POST /chatbot-test/screenshot; http:// was prepended when missing.',
              tags: ['loading'],
              // Show again while one is being taken starts over with the URL as it is now.
              on: { 'page.show': { ...showPage, reenter: true } },
              invoke: {
                id: 'takeScreenshot',
                src: 'takeScreenshot',
                input: ({ context }) => ({ url: context.page ?? '', ...SCREENSHOT_SIZE }),
                onDone: {
                  target: 'shown',
                  actions: { type: 'storeBackground', params: ({ event }) => event },
                },
                onError: {
                  target: 'failed',
                  actions: { type: 'rememberFailure', params: ({ event }) => event },
                },
              },
            },
            shown: { description: 'The screenshot is the frame background.', on: { 'page.show': showPage } },
            failed: {
              description: 'The screenshot failed: its reason is shown; the frame is white.',
              on: { 'page.show': showPage },
            },
          },
        },
        bundle: {
          description: 'The development bundle inside the frame.',
          initial: 'loading',
          states: {
            loading: {
              description: 'The frame loads the bundle.',
              on: { 'bundle.loaded': 'loaded', 'bundle.failed': 'failed' },
            },
            loaded: {
              description: 'The chat button is on the page.',
              on: { 'bundle.failed': 'failed' },
            },
            failed: {
              description:
                "'Chatbot bundle loading have failed. Please make sure that the settings were properly saved and deployed.'",
              on: { 'bundle.loaded': 'loaded' },
            },
          },
        },
      },
    },
  },
});
