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
import { editClashes, holderOf, isBlank } from './guards.ts';

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
  },
  actions: {
    notify: (_, _params: Notice) => {},
    notifyFailure: (_, _params: { error: unknown }) => {},
    clear: assign({ intentId: null, original: '', draft: '', refusal: null }),
    refuseBlank: assign({ refusal: 'blank' }),
    refuseSameIntent: assign({ refusal: 'sameIntent' }),
    refuseOtherIntent: assign({ refusal: 'otherIntent' }),
    rememberIntentIdAndDraft: assign({
      intentId: (_, event: Extract<TemplateEditingEvent, { type: 'template.add' }>) => event.intentId,
      draft: (_, event: Extract<TemplateEditingEvent, { type: 'template.add' }>) => event.template.trim(),
      original: '',
      refusal: null,
    }),
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
  context: ({ input }) => ({ lookup: input.lookup, intentId: null, original: '', draft: '', refusal: null }),
  initial: 'idle',
  states: {
    idle: {
      description: 'No template is being changed.',
      on: {
        'template.add': [
          { guard: 'newBlank', actions: 'refuseBlank' },
          {
            guard: 'heldBySame',
            actions: [
              'refuseSameIntent',
              { type: 'notify', params: { title: TEMPLATE_EXISTS_IN_INTENT, color: 'red' } },
            ],
          },
          {
            guard: 'heldByOther',
            actions: [
              'refuseOtherIntent',
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
      description: 'PUT /intent/{id}/template with the new template.',
      tags: ['busy'],
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
          ],
        },
        onError: {
          target: 'idle',
          actions: [{ type: 'notifyFailure', params: ({ event }) => ({ error: event.error }) }, 'clear'],
        },
      },
    },
    editing: {
      description: 'The inline input is open; Enter saves, Esc restores the old text.',
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
      description: 'Insert the new template, then delete the old one (one call).',
      tags: ['busy'],
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
          ],
        },
        onError: {
          target: 'editing',
          actions: { type: 'notifyFailure', params: ({ event }) => ({ error: event.error }) },
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
              intentsPatched({ kind: 'templateDeleted', intentId: context.intentId ?? -1, template: context.original }),
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
});
