import type { DoneActorEvent, OutputFrom } from 'xstate';
import { assign, setup } from 'xstate';
import { SAVE_FAILED, SAVE_SUCCESS, type SettingsView } from '../../api/contract/settings.ts';
import { settingsFormActors } from './actors.ts';
import { changesOf, draftOf } from './draft.ts';
import type { SettingsFormEvent } from './events.ts';
import { canSave, isConflict, isUnchanged } from './guards.ts';
import type { SettingsFormContext } from './types.ts';

export const LOAD_FAILED = 'Cannot load the settings.';
export const CONFLICT_HINT =
  'Someone saved the settings after you opened them. Nothing of yours was saved; reload to see their version.';
export const TOKEN_RENEWED = 'Chatbot token renewed';

type Notice = { title: string; message?: string; color: 'red' | 'green' | 'yellow' | 'blue' };

const loaded = (settings: SettingsView) => ({
  saved: draftOf(settings),
  draft: draftOf(settings),
  token: settings.chatbot_token,
  projectId: settings.id,
});

/** The settings screen (spec 1 §2 /app/settings): load, edit (pristine/dirty), save through the save bar, conflicts. */
export const settingsFormMachine = setup({
  types: {
    context: {} as SettingsFormContext,
    events: {} as SettingsFormEvent,
  },
  actors: settingsFormActors,
  actions: {
    // Provided by the app (Mantine notifications) or the test.
    notify: (_, _params: Notice) => {},
    /** A failed save's one toast with the server's reason; nothing when the client's table told (a lost session). */
    notifyFailure: (_, _params: { error: unknown; title: string; lead: string }) => {},
    storeVoicesAndLanguages: assign(
      (_, event: DoneActorEvent<OutputFrom<(typeof settingsFormActors)['loadSettings']>>) => ({
        ...loaded(event.output.settings),
        voices: event.output.voices,
        languages: event.output.languages,
        chosenThreshold: event.output.chosenThreshold,
      }),
    ),
    rememberDraft: assign({
      draft: ({ context }, event: Extract<SettingsFormEvent, { type: 'settings.change' }>) => ({
        ...context.draft!,
        [event.field]: event.value,
      }),
    }),
    resetDraft: assign({ draft: ({ context }) => context.saved }),
    storeOnSaveSettings: assign((_, event: DoneActorEvent<OutputFrom<(typeof settingsFormActors)['saveSettings']>>) =>
      loaded(event.output),
    ),
    storeToken: assign({
      token: (_, event: DoneActorEvent<OutputFrom<(typeof settingsFormActors)['renewToken']>>) => event.output.token,
    }),
  },
  guards: { canSave, isConflict, isUnchanged },
}).createMachine({
  id: 'settingsForm',
  description: 'Project settings form: grouped fields saved together with the save bar (Ctrl+S).',
  context: { saved: null, draft: null, token: '', projectId: null, voices: [], languages: [], chosenThreshold: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'Settings, voices and languages are being loaded.',
      tags: ['loading'],
      invoke: {
        id: 'loadSettings',
        src: 'loadSettings',
        onDone: {
          target: 'editing',
          actions: { type: 'storeVoicesAndLanguages', params: ({ event }) => event },
        },
        onError: 'loadFailed',
      },
    },
    loadFailed: {
      description: 'Loading failed; the user may try again.',
      on: { 'settings.reload': 'loading' },
    },
    editing: {
      description: 'The form is shown and editable.',
      initial: 'pristine',
      states: {
        pristine: {
          description: 'Nothing changed since the last load or save; Save is disabled, the token may be renewed.',
          on: {
            'settings.change': {
              target: 'dirty',
              actions: { type: 'rememberDraft', params: ({ event }) => event },
            },
            'settings.renewToken': '#settingsForm.renewingToken',
          },
        },
        dirty: {
          description: 'Unsaved changes; Save (Ctrl+S) sends only the changed fields. Leaving asks first.',
          tags: ['unsaved'],
          always: { guard: 'isUnchanged', target: 'pristine' },
          on: {
            'settings.change': {
              actions: { type: 'rememberDraft', params: ({ event }) => event },
            },
            'settings.save': { guard: 'canSave', target: '#settingsForm.saving' },
            'settings.discard': { target: 'pristine', actions: 'resetDraft' },
          },
        },
      },
    },
    saving: {
      description: 'The changed fields are being saved.',
      tags: ['saving', 'unsaved'],
      invoke: {
        id: 'saveSettings',
        src: 'saveSettings',
        input: ({ context }) => ({ changes: changesOf(context.saved!, context.draft!) }),
        onDone: {
          target: 'editing.pristine',
          actions: [
            { type: 'storeOnSaveSettings', params: ({ event }) => event },
            { type: 'notify', params: { title: SAVE_SUCCESS, color: 'green' } },
          ],
        },
        onError: [
          { guard: 'isConflict', target: 'conflict' },
          {
            target: 'editing.dirty',
            actions: {
              type: 'notifyFailure',
              params: ({ event }) => ({ error: event.error, title: SAVE_FAILED.title, lead: SAVE_FAILED.message }),
            },
          },
        ],
      },
    },
    conflict: {
      description:
        'Another save came first (409 Conflict! Data not saved.); the draft is kept on screen until reloaded.',
      tags: ['unsaved'],
      on: { 'settings.reload': 'loading' },
    },
    renewingToken: {
      description: 'A new chatbot token is being made; the old one stops working.',
      tags: ['saving'],
      invoke: {
        id: 'renewToken',
        src: 'renewToken',
        onDone: {
          target: 'editing.pristine',
          actions: [
            { type: 'storeToken', params: ({ event }) => event },
            { type: 'notify', params: { title: TOKEN_RENEWED, color: 'green' } },
          ],
        },
        onError: {
          target: 'editing.pristine',
          actions: {
            type: 'notifyFailure',
            params: ({ event }) => ({ error: event.error, title: SAVE_FAILED.title, lead: SAVE_FAILED.message }),
          },
        },
      },
    },
  },
});
