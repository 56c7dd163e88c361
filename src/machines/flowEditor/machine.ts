import type { DoneActorEvent, ErrorActorEvent, OutputFrom } from 'xstate';
import { assign, not, setup } from 'xstate';
import type { ActionCatalogue } from '../../api/contract/actions.ts';
import type { Reaction } from '../../api/contract/reactions.ts';
import { type FlowData, flowEditorActors } from './actors.ts';
import {
  addStep,
  defaultArgs,
  draftProblems,
  duplicateOf,
  type FlowDraft,
  HISTORY_LIMIT,
  moveStep,
  newReaction,
  patchReaction,
  problemFromServer,
  removeStep,
  renameScopeIn,
  setStepArg,
  toSaveBody,
} from './draft.ts';
import type { FlowEditorEvent } from './events.ts';
import * as g from './guards.ts';
import { validationRefs } from './selectors.ts';
import type { FlowEditorContext } from './types.ts';

// Texts shown by the editor.
export const REACTIONS_SAVED = 'Reactions saved';
export const SCOPES_SAVED = 'Reaction scopes saved';
export const SCOPE_NAME_EMPTY = 'Scope name cannot be empty';
export const SCOPE_NAME_DUPLICIT = 'Duplicit scope name';
export const SCOPE_IN_USE = 'The scope is used by a reaction; move those reactions first.';
export const INVALID_TITLE = 'Reactions not saved';

type Notice = { title: string; message?: string; color: 'red' | 'green' | 'yellow' | 'blue' };

const emptyCatalogue: ActionCatalogue = { builtin: [], pseudo_intents: [], condition_doc: '', webhook_rules: [] };

const initialContext: FlowEditorContext = {
  saved: [],
  draft: [],
  past: [],
  future: [],
  lastEdit: null,
  nextId: -2,
  selectedId: null,
  panel: 'viewing',
  search: '',
  fitRequest: 0,
  focusRequest: 0,
  problems: [],
  scopes: [],
  pendingScopes: [],
  pendingRenames: [],
  scopeName: '',
  intents: [],
  entities: [],
  projectActions: [],
  projects: [],
  catalogue: emptyCatalogue,
};

/** A new draft: pushed on the undo stack unless it continues the same edit (same reaction and field). */
function commit(c: FlowEditorContext, next: FlowDraft, editKey: string | null): Partial<FlowEditorContext> {
  if (next === c.draft) return {};
  const continues = editKey !== null && editKey === c.lastEdit;
  return {
    draft: next,
    past: continues ? c.past : [...c.past, c.draft].slice(-HISTORY_LIMIT),
    future: [],
    lastEdit: editKey,
  };
}

const selected = (c: FlowEditorContext): Reaction | undefined => c.draft.find((r) => r.id === c.selectedId);

function editActions(c: FlowEditorContext, change: (actions: Reaction['actions']) => Reaction['actions']) {
  const reaction = selected(c);
  if (!reaction) return {};
  const actions = change(reaction.actions);
  // A no-op (moving the first step up) is not an edit: nothing to undo, nothing to save.
  if (actions === reaction.actions) return {};
  return commit(c, patchReaction(c.draft, reaction.id, { actions }), null);
}

/** Server answer after a save: new reactions get their ids (matched by their unique names). */
function afterSave(c: FlowEditorContext, stored: Reaction[]): Partial<FlowEditorContext> {
  const idByName = new Map(stored.map((r) => [r.name, r.id]));
  const sel = selected(c);
  return {
    saved: stored,
    draft: stored,
    past: [],
    future: [],
    lastEdit: null,
    problems: [],
    selectedId: sel ? (idByName.get(sel.name) ?? null) : null,
  };
}

const SELECTION = '#flowEditor.ready.selection';
const RESTORING = '#flowEditor.ready.selection.restoring';
const EDITING = '#flowEditor.ready.selection.browsing.selected.editing';
const CHECKING = '#flowEditor.ready.draft.checking';

/** An edit of the draft: the form stays open, the draft status is worked out again. */
const draftEdit = { target: [EDITING, CHECKING] };

/**
 * The reaction flow editor (/app/grapheditor): loads reactions, scopes and what they may name; a parallel
 * `ready` state tracks what is selected (summary or form) and whether the draft differs from what was saved.
 * Saving validates first (a message naming the reaction), then sends the whole list; a 409 is a conflict.
 * Reaction scopes are saved at once.
 */
export const flowEditorMachine = setup({
  types: {
    context: {} as FlowEditorContext,
    events: {} as FlowEditorEvent,
  },
  actors: flowEditorActors,
  guards: {
    isDirty: ({ context }) => g.isDirty(context),
    canUndo: ({ context }) => g.canUndo(context),
    canRedo: ({ context }) => g.canRedo(context),
    selectionExists: ({ context }) => g.selectionExists(context),
    wasEditing: ({ context }) => context.panel === 'editing' && g.selectionExists(context),
    hasProblems: ({ context }) => g.hasProblems(context),
    hasMatches: ({ context }) => g.hasMatches(context),
    isConflict: ({ event }) => g.isConflictError((event as { error?: unknown }).error),
    isInvalid: ({ event }) => g.isInvalidError((event as { error?: unknown }).error),
    scopeNameEmpty: ({ event }) =>
      (event.type === 'scope.add' || event.type === 'scope.rename') && event.name.trim() === '',
    scopeNameTaken: ({ context, event }) =>
      (event.type === 'scope.add' && g.scopeNameTaken(context, event.name, null)) ||
      (event.type === 'scope.rename' && g.scopeNameTaken(context, event.name, event.id)),
    scopeNameTyped: ({ context }) => context.scopeName.trim() !== '',
    scopeInUse: ({ context, event }) => event.type === 'scope.delete' && g.scopeInUse(context, event.id),
    scopeExists: ({ context, event }) =>
      (event.type === 'scope.delete' || event.type === 'scope.rename') && context.scopes.some((s) => s.id === event.id),
    stepExists: ({ context, event }) =>
      (event.type === 'action.remove' || event.type === 'action.arg') && g.stepExists(context, event.index),
    canMoveStep: ({ context, event }) =>
      event.type === 'action.move' &&
      event.from !== event.to &&
      g.stepExists(context, event.from) &&
      g.stepExists(context, event.to),
  },
  actions: {
    notify: (_, _params: Notice) => {},
    storeSavedAndDraftEtc: assign(
      ({ context }, event: DoneActorEvent<OutputFrom<(typeof flowEditorActors)['loadFlow']>>) => {
        const data: FlowData = event.output;
        return {
          ...initialContext,
          saved: data.reactions,
          draft: data.reactions,
          scopes: data.scopes,
          intents: data.intents,
          entities: data.entities,
          projectActions: data.projectActions,
          projects: data.projects,
          catalogue: data.catalogue,
          search: context.search,
          fitRequest: context.fitRequest + 1,
        };
      },
    ),
    rememberSearch: assign({ search: (_, event: Extract<FlowEditorEvent, { type: 'search.change' }>) => event.query }),
    resetFitRequest: assign({ fitRequest: ({ context }) => context.fitRequest + 1 }),
    clearSelectedId: assign({ selectedId: null }),
    resetNextIdAndSelectedIdEtc: assign(({ context }) => {
      const sel = selected(context);
      const created = newReaction(context.draft, context.nextId, sel?.reactions_scopes_id ?? null);
      return {
        ...commit(context, [...context.draft, created], null),
        nextId: context.nextId - 1,
        selectedId: created.id,
        focusRequest: context.focusRequest + 1,
      };
    }),
    resetDraftAndPastEtc: assign(({ context }) => ({
      draft: context.past.at(-1) as FlowDraft,
      past: context.past.slice(0, -1),
      future: [context.draft, ...context.future],
      lastEdit: null,
    })),
    resetDraftAndPastEtcOnFlowRedo: assign(({ context }) => ({
      draft: context.future[0] as FlowDraft,
      past: [...context.past, context.draft],
      future: context.future.slice(1),
      lastEdit: null,
    })),
    resetSelectedIdAndFocusRequest: assign(({ context }) => {
      const ids = g.matchingIds(context.draft, context.search);
      const at = ids.indexOf(context.selectedId ?? Number.NaN);
      return { selectedId: ids[(at + 1) % ids.length] ?? null, focusRequest: context.focusRequest + 1 };
    }),
    rememberPendingScopes: assign(({ context }, event: Extract<FlowEditorEvent, { type: 'scope.add' }>) => ({
      pendingScopes: [...context.scopes, { name: event.name.trim() }],
      pendingRenames: [],
      // The input empties as the scope is sent.
      scopeName: '',
    })),
    rememberScopeName: assign({
      scopeName: (_, event: Extract<FlowEditorEvent, { type: 'scope.type' } | { type: 'scope.add' }>) => event.name,
    }),
    rememberPendingScopesAndPendingRenames: assign(
      ({ context }, event: Extract<FlowEditorEvent, { type: 'scope.rename' }>) => {
        const before = context.scopes.find((s) => s.id === event.id);
        const name = event.name.trim();
        return {
          pendingScopes: context.scopes.map((s) => (s.id === event.id ? { ...s, name } : s)),
          pendingRenames: before && before.name !== name ? [{ from: before.name, to: name }] : [],
        };
      },
    ),
    rememberPendingScopesOnScopeDelete: assign(
      ({ context }, event: Extract<FlowEditorEvent, { type: 'scope.delete' }>) => ({
        pendingScopes: context.scopes.filter((s) => s.id !== event.id),
        pendingRenames: [],
      }),
    ),
    rememberSelectedId: assign({
      selectedId: (_, event: Extract<FlowEditorEvent, { type: 'reaction.select' }>) => event.id,
      lastEdit: null,
    }),
    resetNextIdAndSelectedIdEtcOnReactionDuplicate: assign(({ context }) => {
      const source = selected(context) as Reaction;
      const copy = duplicateOf(context.draft, source, context.nextId);
      const at = context.draft.indexOf(source) + 1;
      return {
        ...commit(context, [...context.draft.slice(0, at), copy, ...context.draft.slice(at)], null),
        nextId: context.nextId - 1,
        selectedId: copy.id,
        focusRequest: context.focusRequest + 1,
      };
    }),
    setPanelToViewing: assign({ panel: 'viewing' }),
    setPanelToEditing: assign({ panel: 'editing' }),
    rememberOnReactionChange: assign(({ context }, event: Extract<FlowEditorEvent, { type: 'reaction.change' }>) => {
      const fields = Object.keys(event.patch).sort().join(',');
      return commit(
        context,
        patchReaction(context.draft, context.selectedId as number, event.patch),
        `${context.selectedId}:${fields}`,
      );
    }),
    rememberOnActionAdd: assign(({ context }, event: Extract<FlowEditorEvent, { type: 'action.add' }>) =>
      editActions(context, (actions) =>
        addStep(actions, {
          name: event.name,
          args: defaultArgs(context.catalogue.builtin.find((b) => b.name === event.name)),
          who: 'bot',
        }),
      ),
    ),
    rememberOnActionRemove: assign(({ context }, event: Extract<FlowEditorEvent, { type: 'action.remove' }>) =>
      editActions(context, (a) => removeStep(a, event.index)),
    ),
    rememberOnActionMove: assign(({ context }, event: Extract<FlowEditorEvent, { type: 'action.move' }>) =>
      editActions(context, (a) => moveStep(a, event.from, event.to)),
    ),
    rememberOnActionArg: assign(({ context }, event: Extract<FlowEditorEvent, { type: 'action.arg' }>) => {
      const reaction = selected(context);
      if (!reaction) return {};
      const actions = setStepArg(reaction.actions, event.index, event.name, event.value);
      return commit(
        context,
        patchReaction(context.draft, reaction.id, { actions }),
        `${reaction.id}:action:${event.index}:${event.name}`,
      );
    }),
    resetSelectedId: assign(({ context }) => ({
      ...commit(
        context,
        context.draft.filter((r) => r.id !== context.selectedId),
        null,
      ),
      selectedId: null,
    })),
    resetProblems: assign({ problems: ({ context }) => draftProblems(context.draft, validationRefs(context)) }),
    storeOnSaveReactions: assign(
      ({ context }, event: DoneActorEvent<OutputFrom<(typeof flowEditorActors)['saveReactions']>>) =>
        afterSave(context, event.output),
    ),
    rememberProblems: assign({
      problems: ({ context }, event: ErrorActorEvent) => [
        problemFromServer(context.draft, event.error instanceof Error ? event.error.message : String(event.error)),
      ],
    }),
    storeScopesAndSavedEtc: assign(
      ({ context }, event: DoneActorEvent<OutputFrom<(typeof flowEditorActors)['saveScopes']>>) => {
        const rename = (list: FlowDraft) =>
          context.pendingRenames.reduce((l, r) => renameScopeIn(l, r.from, r.to), list);
        const saved = rename(context.saved);
        return {
          scopes: event.output.scopes,
          saved,
          draft: context.draft === context.saved ? saved : rename(context.draft),
          past: context.past.map(rename),
          future: context.future.map(rename),
          pendingScopes: [],
          pendingRenames: [],
        };
      },
    ),
  },
}).createMachine({
  id: 'flowEditor',
  description: 'Reactions flow editor: the graph of reactions, one reaction edited at a time, saved or discarded.',
  context: initialContext,
  initial: 'loading',
  states: {
    loading: {
      description: 'Loading reactions, scopes, intents, entities, project actions and the action catalogue.',
      tags: ['loading'],
      invoke: {
        id: 'loadFlow',
        src: 'loadFlow',
        input: () => undefined,
        onDone: {
          target: 'ready',
          actions: { type: 'storeSavedAndDraftEtc', params: ({ event }) => event },
        },
        onError: 'loadFailed',
      },
    },
    loadFailed: {
      description: 'Loading failed (the error was already reported); a retry is offered.',
      on: { 'flow.retry': 'loading' },
    },
    ready: {
      description: 'The flow is shown: what is selected, and whether the draft differs from what was saved.',
      type: 'parallel',
      on: {
        'search.change': { actions: { type: 'rememberSearch', params: ({ event }) => event } },
        'view.fit': { actions: 'resetFitRequest' },
        'scope.type': { actions: { type: 'rememberScopeName', params: ({ event }) => event } },
        // A scope name that is refused, or cannot be added now, stays in its input for correction.
        'scope.add': { actions: { type: 'rememberScopeName', params: ({ event }) => event } },
      },
      states: {
        newScope: {
          description: 'The "New scope name" input: leaving the screen asks while it holds a name not yet added.',
          initial: 'empty',
          states: {
            empty: {
              description: 'No scope name typed.',
              always: { guard: 'scopeNameTyped', target: 'typed' },
            },
            typed: {
              description: 'A scope name is typed and not added: a draft (leaving asks).',
              tags: ['unsaved'],
              always: { guard: not('scopeNameTyped'), target: 'empty' },
            },
          },
        },
        selection: {
          description: 'Which reaction the side panel shows, and whether as a summary or a form.',
          initial: 'restoring',
          states: {
            restoring: {
              description:
                'Returns to the reaction that was selected (after a save, undo or a dialog), if it still exists.',
              always: [
                { guard: 'wasEditing', target: 'browsing.selected.editing' },
                { guard: 'selectionExists', target: 'browsing.selected.viewing' },
                { target: 'browsing.idle', actions: 'clearSelectedId' },
              ],
            },
            browsing: {
              description: 'The canvas and the panel; reactions can be added, undo and redo work, scopes can change.',
              initial: 'idle',
              on: {
                'reaction.add': {
                  ...draftEdit,
                  actions: 'resetNextIdAndSelectedIdEtc',
                },
                'flow.undo': {
                  guard: 'canUndo',
                  target: [RESTORING, CHECKING],
                  actions: 'resetDraftAndPastEtc',
                },
                'flow.redo': {
                  guard: 'canRedo',
                  target: [RESTORING, CHECKING],
                  actions: 'resetDraftAndPastEtcOnFlowRedo',
                },
                'search.next': {
                  guard: 'hasMatches',
                  target: '.selected.viewing',
                  actions: 'resetSelectedIdAndFocusRequest',
                },
                'scope.add': [
                  {
                    guard: 'scopeNameEmpty',
                    actions: [
                      { type: 'rememberScopeName', params: ({ event }) => event },
                      { type: 'notify', params: { title: SCOPE_NAME_EMPTY, color: 'yellow' } },
                    ],
                  },
                  {
                    guard: 'scopeNameTaken',
                    actions: [
                      { type: 'rememberScopeName', params: ({ event }) => event },
                      { type: 'notify', params: { title: SCOPE_NAME_DUPLICIT, color: 'yellow' } },
                    ],
                  },
                  {
                    target: '#flowEditor.savingScopes',
                    actions: { type: 'rememberPendingScopes', params: ({ event }) => event },
                  },
                ],
                'scope.rename': [
                  { guard: not('scopeExists') },
                  {
                    guard: 'scopeNameEmpty',
                    actions: { type: 'notify', params: { title: SCOPE_NAME_EMPTY, color: 'yellow' } },
                  },
                  {
                    guard: 'scopeNameTaken',
                    actions: { type: 'notify', params: { title: SCOPE_NAME_DUPLICIT, color: 'yellow' } },
                  },
                  {
                    target: '#flowEditor.savingScopes',
                    actions: { type: 'rememberPendingScopesAndPendingRenames', params: ({ event }) => event },
                  },
                ],
                'scope.delete': [
                  { guard: not('scopeExists') },
                  {
                    guard: 'scopeInUse',
                    actions: { type: 'notify', params: { title: SCOPE_IN_USE, color: 'yellow' } },
                  },
                  {
                    target: '#flowEditor.savingScopes',
                    actions: { type: 'rememberPendingScopesOnScopeDelete', params: ({ event }) => event },
                  },
                ],
              },
              states: {
                idle: {
                  description: 'Nothing selected: the panel explains how to start.',
                  on: {
                    'reaction.select': {
                      target: 'selected',
                      actions: { type: 'rememberSelectedId', params: ({ event }) => event },
                    },
                  },
                },
                selected: {
                  description: 'One reaction is selected and shown in the side panel.',
                  initial: 'viewing',
                  on: {
                    'reaction.select': {
                      target: '.viewing',
                      actions: { type: 'rememberSelectedId', params: ({ event }) => event },
                    },
                    'reaction.deselect': { target: 'idle', actions: 'clearSelectedId' },
                    'reaction.duplicate': {
                      ...draftEdit,
                      actions: 'resetNextIdAndSelectedIdEtcOnReactionDuplicate',
                    },
                    'reaction.delete': '#flowEditor.ready.selection.confirmingDelete',
                  },
                  states: {
                    viewing: {
                      description: 'The summary of the reaction: intents, condition, priority, scope and actions.',
                      entry: 'setPanelToViewing',
                      on: { 'reaction.edit': 'editing' },
                    },
                    editing: {
                      description: 'The form of the reaction: every change goes into the draft (and the undo history).',
                      entry: 'setPanelToEditing',
                      on: {
                        'reaction.done': 'viewing',
                        'reaction.change': {
                          ...draftEdit,
                          actions: { type: 'rememberOnReactionChange', params: ({ event }) => event },
                        },
                        'action.add': {
                          ...draftEdit,
                          actions: { type: 'rememberOnActionAdd', params: ({ event }) => event },
                        },
                        'action.remove': {
                          guard: 'stepExists',
                          ...draftEdit,
                          actions: { type: 'rememberOnActionRemove', params: ({ event }) => event },
                        },
                        'action.move': {
                          guard: 'canMoveStep',
                          ...draftEdit,
                          actions: { type: 'rememberOnActionMove', params: ({ event }) => event },
                        },
                        'action.arg': {
                          guard: 'stepExists',
                          ...draftEdit,
                          actions: { type: 'rememberOnActionArg', params: ({ event }) => event },
                        },
                      },
                    },
                  },
                },
              },
            },
            confirmingDelete: {
              id: 'confirmingDelete',
              description: 'Asks to confirm deleting the selected reaction (it stays in the undo history).',
              on: {
                'delete.confirm': {
                  target: [RESTORING, CHECKING],
                  actions: 'resetSelectedId',
                },
                'delete.cancel': RESTORING,
              },
            },
          },
        },
        draft: {
          description: 'Whether the draft differs from what was saved, and how the last save went.',
          initial: 'checking',
          states: {
            checking: {
              description: 'Compares the draft with what was saved.',
              always: [{ guard: 'isDirty', target: 'dirty' }, { target: 'clean' }],
            },
            clean: { description: 'The draft is what the server holds; Save is disabled.' },
            dirty: {
              description: 'Unsaved changes; Save (Ctrl+S) validates and sends the whole list. Leaving asks first.',
              tags: ['unsaved'],
              on: { 'flow.save': '#flowEditor.validating' },
            },
            saved: { description: 'Just saved: the draft is what the server holds.' },
            invalid: {
              description:
                'The save was refused (here or by the server): the problems are listed, each naming its reaction.',
              tags: ['unsaved'],
              on: { 'flow.save': '#flowEditor.validating' },
            },
          },
        },
      },
    },
    validating: {
      description: 'Checks every reaction before sending: names, conditions, intents, scopes and action arguments.',
      tags: ['unsaved'],
      always: [
        {
          guard: 'hasProblems',
          target: [SELECTION, '#flowEditor.ready.draft.invalid'],
          actions: [
            'resetProblems',
            {
              type: 'notify',
              params: ({ context }) => ({
                title: INVALID_TITLE,
                message: draftProblems(context.draft, validationRefs(context))[0]?.message ?? '',
                color: 'red' as const,
              }),
            },
          ],
        },
        { target: 'saving' },
      ],
    },
    saving: {
      description: 'PUT /reactions with the whole list and the atime it was loaded with.',
      tags: ['saving', 'unsaved'],
      invoke: {
        id: 'saveReactions',
        src: 'saveReactions',
        input: ({ context }) => ({ reactions: toSaveBody(context.draft) }),
        onDone: {
          target: [SELECTION, '#flowEditor.ready.draft.saved'],
          actions: [
            { type: 'storeOnSaveReactions', params: ({ event }) => event },
            { type: 'notify', params: { title: REACTIONS_SAVED, color: 'green' } },
          ],
        },
        onError: [
          { guard: 'isConflict', target: 'conflict' },
          {
            guard: 'isInvalid',
            target: [SELECTION, '#flowEditor.ready.draft.invalid'],
            actions: [
              { type: 'rememberProblems', params: ({ event }) => event },
              {
                type: 'notify',
                params: ({ event }) => ({
                  title: INVALID_TITLE,
                  message: event.error instanceof Error ? event.error.message : String(event.error),
                  color: 'red' as const,
                }),
              },
            ],
          },
          { target: [SELECTION, '#flowEditor.ready.draft.dirty'] },
        ],
      },
    },
    savingScopes: {
      description:
        'PUT /reaction-scopes with the changed list; renames reach change_scope steps here and on the server. Leaving waits for it.',
      tags: ['saving', 'unsaved'],
      invoke: {
        id: 'saveScopes',
        src: 'saveScopes',
        input: ({ context }) => ({
          scopes: context.pendingScopes,
          renames: context.pendingRenames,
          expectedReactions: context.pendingRenames.reduce<FlowDraft>(
            (list, r) => renameScopeIn(list, r.from, r.to),
            context.saved,
          ) as Reaction[],
        }),
        onDone: {
          target: [SELECTION, CHECKING],
          actions: [
            { type: 'storeScopesAndSavedEtc', params: ({ event }) => event },
            { type: 'notify', params: { title: SCOPES_SAVED, color: 'green' } },
          ],
        },
        onError: [{ guard: 'isConflict', target: 'conflict' }, { target: [SELECTION, CHECKING] }],
      },
    },
    conflict: {
      description: 'Someone saved reactions after this editor loaded them (409); nothing of this draft was saved.',
      tags: ['unsaved'],
      on: { 'flow.reload': 'loading' },
    },
  },
});
