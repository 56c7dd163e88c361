import { and, assign, setup } from 'xstate';
import { draftsAfter } from './actions.ts';
import type { NavigationGuardEvent } from './events.ts';
import { hasDrafts, hasNoDrafts, pendingLogout, reportsSaveFailed, saveRefused } from './guards.ts';
import { leavingState } from './leaving.ts';
import type { NavigationGuardContext, PendingNavigation } from './types.ts';

/**
 * The shell's navigation guard (issue 33 item 1): screens and dialogs holding a draft report it here; while one
 * does, every way out of the page (menu item, Ctrl+G letter, command palette, link, browser back) asks first,
 * "Save", "Discard" or "Stay", and reload or close asks the browser's own question (`beforeunload`).
 */
export const navigationGuardMachine = setup({
  types: {
    context: {} as NavigationGuardContext,
    events: {} as NavigationGuardEvent,
  },
  guards: { hasDrafts, hasNoDrafts, pendingLogout, reportsSaveFailed, saveRefused },
  actions: {
    // Provided by the app: wouter's navigate, past the guard.
    navigate: (_, _params: PendingNavigation) => {},
    // Provided by the app: the session's logout.
    logout: () => {},
    // Provided by the app (a toast) or the test: why Save could not leave.
    notifySaveImpossible: () => {},
    rememberDraftReport: assign({ drafts: ({ context, event }) => draftsAfter(context, event) }),
    rememberPending: assign({
      pending: (_, event: Extract<NavigationGuardEvent, { type: 'nav.request' }>) => ({
        to: event.to,
        replace: event.replace,
      }),
    }),
    rememberLogout: assign({ pending: { to: '', replace: false, logout: true } as PendingNavigation }),
    forgetPending: assign({ pending: null }),
    forgetDrafts: assign({ drafts: {} }),
    saveDrafts: ({ context }) => {
      for (const draft of Object.values(context.drafts)) {
        if (draft.status === 'dirty') draft.ref.send(draft.saveEvent);
      }
    },
  },
}).createMachine({
  id: 'navigationGuard',
  description:
    'Unsaved work is never lost silently: while a screen or dialog holds a draft, leaving asks Save, Discard or Stay.',
  context: { drafts: {}, pending: null },
  initial: 'clean',
  on: { 'draft.report': { actions: 'rememberDraftReport' } },
  states: {
    clean: {
      description: 'No draft anywhere: every navigation goes ahead.',
      always: { guard: 'hasDrafts', target: 'unsaved' },
      on: {
        'nav.request': { actions: { type: 'navigate', params: ({ event }) => event } },
        'logout.request': 'loggedOut',
      },
    },
    unsaved: {
      description:
        'A screen or dialog holds a draft: navigation waits for an answer; reload or close asks the browser.',
      tags: ['unsaved'],
      always: { guard: 'hasNoDrafts', target: 'clean' },
      on: {
        'nav.request': { target: 'asking', actions: { type: 'rememberPending', params: ({ event }) => event } },
        'logout.request': { target: 'asking', actions: 'rememberLogout' },
      },
    },
    asking: {
      ...leavingState({
        description: 'You have unsaved changes: Save them and leave, Discard them and leave, or Stay on the page.',
        save: 'saving',
        discard: [
          // Logout chosen: out of the console instead of another page.
          { guard: 'pendingLogout', target: 'loggedOut', actions: ['forgetDrafts', 'forgetPending'] },
          {
            target: 'clean',
            actions: [
              'forgetDrafts',
              { type: 'navigate', params: ({ context }: { context: NavigationGuardContext }) => context.pending! },
              'forgetPending',
            ],
          },
        ] as const,
        stay: { target: 'unsaved', actions: 'forgetPending' },
      }),
    },
    saving: {
      description:
        'Each draft is saved by its own chart; when none is left the navigation goes ahead. A chart that refuses (invalid fields) keeps the user on the page.',
      tags: ['unsaved', 'saving'],
      entry: 'saveDrafts',
      always: [
        { guard: and(['hasNoDrafts', 'pendingLogout']), target: 'loggedOut', actions: 'forgetPending' },
        {
          guard: 'hasNoDrafts',
          target: 'clean',
          actions: [{ type: 'navigate', params: ({ context }) => context.pending! }, 'forgetPending'],
        },
        { guard: 'saveRefused', target: 'unsaved', actions: ['forgetPending', 'notifySaveImpossible'] },
      ],
      on: {
        'draft.report': [
          // The screen shows why (its own error or conflict); the user stays with the draft.
          { guard: 'reportsSaveFailed', target: 'unsaved', actions: ['rememberDraftReport', 'forgetPending'] },
          { actions: 'rememberDraftReport' },
        ],
      },
    },
    loggedOut: {
      description:
        'Logout went ahead (no draft, or saved or discarded first): the session signs out, the console closes.',
      type: 'final',
      entry: 'logout',
    },
  },
});
