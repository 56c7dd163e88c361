import { assign, emit, setup } from 'xstate';
import type { Notice } from '../../api/contract/notice.ts';
import {
  DUPLICIT_INTENT_TEMPLATE,
  INTENT_TOASTS,
  type Intent,
  TEMPLATE_EXISTS_IN_INTENT,
  templateHeldBy,
} from '../../api/contract/intents.ts';
import { intentsPatched } from '../intentsList/events.ts';
import { templateEditingActors } from './actors.ts';
import type { TemplateEditingEmitted, TemplateEditingEvent } from './events.ts';
import { editClashes, hasTyped, holderOf, isBlank, withoutTyped } from './guards.ts';

export interface TemplateEditingInput {
  /** Reads the current intents (owned by the intents list) for the uniqueness rules. */
  lookup: () => Intent[];
}

export interface TemplateEditingContext extends TemplateEditingInput {
  intentId: number | null;
  /** The template as saved (restored by Esc). */
  original: string;
  draft: string;
  /** Why the last new template was refused (empty input is ignored silently). */
  refusal: 'blank' | 'sameIntent' | 'otherIntent' | null;
  /** What is typed in each intent's "Add a template" input and not yet added, by intent id. */
  typed: Record<number, string>;
  /** Leaving the screen chose Save: the typed new templates are added one after another. */
  savingTyped: boolean;
}

/**
 * Adding, editing and deleting one template (spec 2 §4 "Template edit", §5 "Intent template"). Templates are
 * unique across all intents ignoring case; empty input is ignored; Enter inserts the new text then deletes
 * the old; Esc restores; delete asks first. Only the one template is sent.
 */
export const templateEditingMachine = setup({
  types: {
    context: {} as TemplateEditingContext,
    events: {} as TemplateEditingEvent,
    input: {} as TemplateEditingInput,
    emitted: {} as TemplateEditingEmitted,
  },
  actors: templateEditingActors,
  guards: {
    newBlank: ({ event }) => event.type === 'template.add' && isBlank(event.template),
    heldBySame: ({ context, event }) =>
      event.type === 'template.add' && holderOf(context.lookup(), event.intentId, event.template) === 'same',
    heldByOther: ({ context, event }) => {
      if (event.type !== 'template.add') return false;
      const holder = holderOf(context.lookup(), event.intentId, event.template);
      return holder !== null && holder !== 'same';
    },
    draftUnchanged: ({ context }) => context.draft.trim() === context.original,
    draftBlank: ({ context }) => isBlank(context.draft),
    draftClashes: ({ context }) =>
      context.intentId !== null && editClashes(context.lookup(), context.intentId, context.original, context.draft),
    draftChanged: ({ context }) => context.draft.trim() !== context.original,
    hasTyped: ({ context }) => hasTyped(context.typed),
    nothingTyped: ({ context }) => !hasTyped(context.typed),
    typedLeftToSave: ({ context }) => context.savingTyped && hasTyped(context.typed),
  },
  actions: {
    notify: (_, _params: Notice) => {},
    notifyFailure: (_, _params: { error: unknown }) => {},
    clear: assign({ intentId: null, original: '', draft: '', refusal: null }),
    refuseBlank: assign({ refusal: 'blank' }),
    refuseSameIntent: assign({ refusal: 'sameIntent' }),
    refuseOtherIntent: assign({ refusal: 'otherIntent' }),
    rememberIntentIdAndDraft: assign(({ context }, event: Extract<TemplateEditingEvent, { type: 'template.add' }>) => ({
      intentId: event.intentId,
      draft: event.template.trim(),
      original: '',
      refusal: null,
      // The input empties as the template is sent (it comes back if the server refuses it).
      typed: withoutTyped(context.typed, event.intentId),
    })),
    /** A refused new template stays in its input for correction. */
    keepTyped: assign({
      typed: ({ context }, event: Extract<TemplateEditingEvent, { type: 'template.add' }>) =>
        event.template === ''
          ? withoutTyped(context.typed, event.intentId)
          : { ...context.typed, [event.intentId]: event.template },
    }),
    rememberTyped: assign({
      typed: ({ context }, event: Extract<TemplateEditingEvent, { type: 'template.type' }>) => ({
        ...withoutTyped(context.typed, event.intentId),
        ...(event.value === '' ? {} : { [event.intentId]: event.value }),
      }),
    }),
    /** Takes the first typed new template to add it (Save on the way out). */
    takeTyped: assign(({ context }) => {
      const [id, text] = Object.entries(context.typed).find(([, t]) => !isBlank(t)) ?? ['-1', ''];
      return {
        intentId: Number(id),
        draft: text.trim(),
        original: '',
        refusal: null,
        typed: withoutTyped(context.typed, Number(id)),
      };
    }),
    /** A failed add gives the input its text back. */
    restoreTyped: assign({
      typed: ({ context }) =>
        context.intentId === null ? context.typed : { ...context.typed, [context.intentId]: context.draft },
    }),
    startSavingTyped: assign({ savingTyped: true }),
    stopSavingTyped: assign({ savingTyped: false }),
    /** After a save: Save on the way out goes on while new templates are typed. */
    keepSavingWhileTyped: assign({ savingTyped: ({ context }) => context.savingTyped && hasTyped(context.typed) }),
    rememberIntentIdAndOriginalEtc: assign({
      intentId: (_, event: Extract<TemplateEditingEvent, { type: 'template.edit' }>) => event.intentId,
      original: (_, event: Extract<TemplateEditingEvent, { type: 'template.edit' }>) => event.template,
      draft: (_, event: Extract<TemplateEditingEvent, { type: 'template.edit' }>) => event.template,
    }),
    rememberIntentIdAndOriginal: assign({
      intentId: (_, event: Extract<TemplateEditingEvent, { type: 'template.delete' }>) => event.intentId,
      original: (_, event: Extract<TemplateEditingEvent, { type: 'template.delete' }>) => event.template,
    }),
    rememberDraft: assign({
      draft: (_, event: Extract<TemplateEditingEvent, { type: 'template.change' }>) => event.value,
    }),
  },
}).createMachine({
  id: 'templateEditing',
  description: 'One intent template edited in place: duplicates refused, saved or cancelled.',
  context: ({ input }) => ({
    lookup: input.lookup,
    intentId: null,
    original: '',
    draft: '',
    refusal: null,
    typed: {},
    savingTyped: false,
  }),
  type: 'parallel',
  on: {
    'template.type': { actions: { type: 'rememberTyped', params: ({ event }) => event } },
    // An Add the chart cannot take now (another template is being changed) leaves the text in its input.
    'template.add': { actions: { type: 'keepTyped', params: ({ event }) => event } },
  },
  states: {
    newTemplates: {
      description: 'What is typed in the "Add a template" inputs: leaving the screen asks while any holds text.',
      initial: 'empty',
      states: {
        empty: {
          description: 'No new template typed.',
          always: { guard: 'hasTyped', target: 'typed' },
        },
        typed: {
          description: 'A new template is typed and not added: leaving asks Save (adds it), Discard or Stay.',
          tags: ['unsaved'],
          always: { guard: 'nothingTyped', target: 'empty' },
        },
      },
    },
    template: {
      description: 'The one template being added, edited or deleted.',
      initial: 'idle',
      states: {
        idle: {
          description: 'No template is being changed.',
          // Save on the way out goes on with the next typed new template.
          always: { guard: 'typedLeftToSave', target: 'adding', actions: 'takeTyped' },
          on: {
            // Save on the way out: the typed new templates are added.
            'templates.save': { guard: 'hasTyped', target: 'adding', actions: ['startSavingTyped', 'takeTyped'] },
            'template.add': [
              { guard: 'newBlank', actions: ['refuseBlank', { type: 'keepTyped', params: ({ event }) => event }] },
              {
                guard: 'heldBySame',
                actions: [
                  'refuseSameIntent',
                  { type: 'keepTyped', params: ({ event }) => event },
                  { type: 'notify', params: { title: TEMPLATE_EXISTS_IN_INTENT, color: 'red' } },
                ],
              },
              {
                guard: 'heldByOther',
                actions: [
                  'refuseOtherIntent',
                  { type: 'keepTyped', params: ({ event }) => event },
                  {
                    type: 'notify',
                    params: ({ context, event }) => {
                      const holder = holderOf(context.lookup(), event.intentId, event.template);
                      const named =
                        holder !== null && holder !== 'same' ? holder : { template: event.template, intent: '' };
                      return { title: templateHeldBy(named.template, named.intent), color: 'red' as const };
                    },
                  },
                ],
              },
              {
                target: 'adding',
                actions: { type: 'rememberIntentIdAndDraft', params: ({ event }) => event },
              },
            ],
            'template.edit': {
              target: 'editing',
              actions: { type: 'rememberIntentIdAndOriginalEtc', params: ({ event }) => event },
            },
            'template.delete': {
              target: 'confirmingDelete',
              actions: { type: 'rememberIntentIdAndOriginal', params: ({ event }) => event },
            },
          },
        },
        adding: {
          description: 'PUT /intent/{id}/template with the new template; leaving waits for it.',
          tags: ['busy', 'saving', 'unsaved'],
          invoke: {
            id: 'addTemplate',
            src: 'addTemplate',
            input: ({ context }) => ({ intentId: context.intentId ?? -1, template: context.draft }),
            onDone: {
              target: 'idle',
              actions: [
                emit(({ context }) =>
                  intentsPatched({ kind: 'templateAdded', intentId: context.intentId ?? -1, template: context.draft }),
                ),
                { type: 'notify', params: { title: INTENT_TOASTS.templateAdded, color: 'green' } },
                'clear',
                'keepSavingWhileTyped',
              ],
            },
            onError: {
              target: 'idle',
              actions: [
                { type: 'notifyFailure', params: ({ event }) => ({ error: event.error }) },
                'restoreTyped',
                'stopSavingTyped',
                'clear',
              ],
            },
          },
        },
        editing: {
          description: 'The inline input is open; Enter saves, Esc restores the old text (Esc never asks).',
          initial: 'unchanged',
          states: {
            unchanged: {
              description: 'The input holds the saved text.',
              always: { guard: 'draftChanged', target: 'changed' },
              on: {
                // Save on the way out with only new templates typed: the input closes, they are added.
                'templates.save': {
                  guard: 'hasTyped',
                  target: '#templateEditing.template.idle',
                  actions: ['clear', 'startSavingTyped'],
                },
              },
            },
            changed: {
              description: 'The input holds other text: leaving the screen asks Save, Discard or Stay.',
              tags: ['unsaved'],
              always: { guard: 'draftUnchanged', target: 'unchanged' },
              on: {
                // Save on the way out: the edit as Enter saves it, then the typed new templates.
                'templates.save': [
                  // An emptied or clashing template is not saved: the guard keeps the user on the page.
                  { guard: 'draftBlank' },
                  {
                    guard: 'draftClashes',
                    actions: { type: 'notify', params: { title: DUPLICIT_INTENT_TEMPLATE, color: 'red' } },
                  },
                  { target: '#templateEditing.template.saving', actions: 'startSavingTyped' },
                ],
              },
            },
          },
          on: {
            'template.change': { actions: { type: 'rememberDraft', params: ({ event }) => event } },
            'template.save': [
              { guard: 'draftUnchanged', target: 'idle', actions: 'clear' },
              // An emptied template is ignored: the input stays open with the old text in reach of Esc.
              { guard: 'draftBlank' },
              {
                guard: 'draftClashes',
                actions: { type: 'notify', params: { title: DUPLICIT_INTENT_TEMPLATE, color: 'red' } },
              },
              { target: 'saving' },
            ],
            'template.cancel': { target: 'idle', actions: 'clear' },
            // Opening another template's editor leaves this one unchanged.
            'template.edit': {
              target: 'editing',
              reenter: true,
              actions: { type: 'rememberIntentIdAndOriginalEtc', params: ({ event }) => event },
            },
          },
        },
        saving: {
          description: 'Insert the new template, then delete the old one (one call); leaving waits for it.',
          tags: ['busy', 'saving', 'unsaved'],
          invoke: {
            id: 'replaceTemplate',
            src: 'replaceTemplate',
            input: ({ context }) => ({
              intentId: context.intentId ?? -1,
              template: context.draft.trim(),
              replaces: context.original,
            }),
            onDone: {
              target: 'idle',
              actions: [
                emit(({ context }) =>
                  intentsPatched({
                    kind: 'templateReplaced',
                    intentId: context.intentId ?? -1,
                    from: context.original,
                    to: context.draft.trim(),
                  }),
                ),
                { type: 'notify', params: { title: INTENT_TOASTS.templateEdited, color: 'green' } },
                'clear',
                'keepSavingWhileTyped',
              ],
            },
            onError: {
              target: 'editing',
              actions: [{ type: 'notifyFailure', params: ({ event }) => ({ error: event.error }) }, 'stopSavingTyped'],
            },
          },
        },
        confirmingDelete: {
          description: 'Delete template? (confirmation).',
          on: {
            'template.deleteConfirm': 'deleting',
            'template.deleteCancel': { target: 'idle', actions: 'clear' },
          },
        },
        deleting: {
          description: 'DELETE /intent/{id}/template.',
          tags: ['busy'],
          invoke: {
            id: 'deleteTemplate',
            src: 'deleteTemplate',
            input: ({ context }) => ({ intentId: context.intentId ?? -1, template: context.original }),
            onDone: {
              target: 'idle',
              actions: [
                emit(({ context }) =>
                  intentsPatched({
                    kind: 'templateDeleted',
                    intentId: context.intentId ?? -1,
                    template: context.original,
                  }),
                ),
                { type: 'notify', params: { title: INTENT_TOASTS.templateDeleted, color: 'green' } },
                'clear',
              ],
            },
            onError: {
              target: 'idle',
              actions: [{ type: 'notifyFailure', params: ({ event }) => ({ error: event.error }) }, 'clear'],
            },
          },
        },
      },
    },
  },
});
