import type { DoneActorEvent, OutputFrom } from 'xstate';
import { assign, emit, setup } from 'xstate';
import type { Notice } from '../../api/contract/notice.ts';
import {
  DUPLICIT_ENTITY_NAME,
  ENTITY_NAME_ASCII,
  ENTITY_NAME_EMPTY,
  ENTITY_NAME_SPACES,
  type Entity,
  invalidEntityName,
} from '../../api/contract/entities.ts';
import { entityEditorActors } from './actors.ts';
import { changedDrafts, type EntityDraft, newEntity, toDrafts } from './draft.ts';
import type { EntityEditorEmitted, EntityEditorEvent } from './events.ts';
import { hasSpaces, invalidOnSave, isAscii, isBlank, isTaken, mayEdit } from './guards.ts';

export interface EntityEditorInput {
  /** PUT /system/entities/{id}: edit system entities and see the 'Is system entity' checkbox. */
  canSystem: boolean;
}

export interface EntityEditorContext extends EntityEditorInput {
  saved: Entity[];
  drafts: EntityDraft[];
  nextKey: number;
  pendingDelete: number | null;
}

const addedName = (event: EntityEditorEvent): string => (event.type === 'entity.add' ? event.name : '');
const firstInvalid = (drafts: EntityDraft[]) => drafts.find((d) => invalidOnSave(d.name));
const firstDuplicate = (drafts: EntityDraft[]) => drafts.find((d) => isTaken(drafts, d.name, d.key));

/**
 * The entities screen (spec 2 §2, §4 "Entities", §5 "Entity name", §6): editors change a local draft;
 * Save & Train saves only what changed, reloads the worker and asks for training; deleting is immediate
 * after confirmation.
 */
export const entityEditorMachine = setup({
  types: {
    context: {} as EntityEditorContext,
    events: {} as EntityEditorEvent,
    input: {} as EntityEditorInput,
    emitted: {} as EntityEditorEmitted,
  },
  actors: entityEditorActors,
  guards: {
    nameBlank: ({ event }) => isBlank(addedName(event)),
    nameHasSpaces: ({ event }) => hasSpaces(addedName(event)),
    nameNotAscii: ({ event }) => !isAscii(addedName(event).trim()),
    nameTaken: ({ context, event }) => isTaken(context.drafts, addedName(event)),
    editable: ({ context, event }) => {
      if (event.type !== 'entity.change' && event.type !== 'entity.delete') return false;
      const draft = context.drafts.find((d) => d.key === event.key);
      return draft !== undefined && mayEdit(draft, context.canSystem);
    },
    pendingUnsaved: ({ context }) => context.drafts.find((d) => d.key === context.pendingDelete)?.id === undefined,
    hasInvalidName: ({ context }) => firstInvalid(context.drafts) !== undefined,
    hasDuplicateName: ({ context }) => firstDuplicate(context.drafts) !== undefined,
    hasChangedDrafts: ({ context }) => changedDrafts(context.drafts, context.saved).length > 0,
  },
  actions: {
    notify: (_, _params: Notice) => {},
    notifyFailure: (_, _params: { error: unknown }) => {},
    removePending: assign(({ context }) => ({
      drafts: context.drafts.filter((d) => d.key !== context.pendingDelete),
      saved: context.saved.filter((e) => e.id !== context.drafts.find((d) => d.key === context.pendingDelete)?.id),
      pendingDelete: null,
    })),
    storeSavedAndDraftsEtc: assign(
      (_, event: DoneActorEvent<OutputFrom<(typeof entityEditorActors)['loadEntities']>>) => ({
        saved: event.output,
        drafts: toDrafts(event.output),
        nextKey: event.output.length + 1,
      }),
    ),
    rememberDraftsAndNextKey: assign(({ context }, event: Extract<EntityEditorEvent, { type: 'entity.add' }>) => ({
      drafts: [...context.drafts, { key: context.nextKey, ...newEntity(addedName(event).trim()) }],
      nextKey: context.nextKey + 1,
    })),
    rememberDrafts: assign({
      drafts: ({ context }, event: Extract<EntityEditorEvent, { type: 'entity.change' }>) =>
        context.drafts.map((d) => (d.key === event.key ? { ...d, ...event.patch } : d)),
    }),
    rememberPendingDelete: assign({
      pendingDelete: (_, event: Extract<EntityEditorEvent, { type: 'entity.delete' }>) => event.key,
    }),
    clearPendingDelete: assign({ pendingDelete: null }),
    storeDraftsAndSaved: assign(
      ({ context }, event: DoneActorEvent<OutputFrom<(typeof entityEditorActors)['saveEntities']>>) => {
        const drafts = context.drafts.map((d) =>
          event.output[d.key] !== undefined ? { ...d, id: event.output[d.key] } : d,
        );
        const saved = drafts
          .filter((d): d is EntityDraft & { id: number } => d.id !== undefined)
          .map(({ key: _key, ...entity }) => entity);
        return { drafts, saved };
      },
    ),
  },
}).createMachine({
  id: 'entityEditor',
  description:
    'Entities screen: saved entities, drafts being edited, validation of names and values, delete with confirmation.',
  context: ({ input }) => ({ canSystem: input.canSystem, saved: [], drafts: [], nextKey: 1, pendingDelete: null }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Loading the project entities and the system entities.',
      tags: ['loading'],
      invoke: {
        id: 'loadEntities',
        src: 'loadEntities',
        input: () => undefined,
        onDone: {
          target: 'editing',
          actions: { type: 'storeSavedAndDraftsEtc', params: ({ event }) => event },
        },
        onError: {
          target: 'failed',
          actions: { type: 'notifyFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: {
      description: 'The entities could not be loaded.',
      on: { 'entities.reload': 'loading' },
    },
    editing: {
      description: 'Editors change the local draft; nothing is sent until Save & Train.',
      on: {
        'entity.add': [
          { guard: 'nameBlank', actions: { type: 'notify', params: { title: ENTITY_NAME_EMPTY, color: 'red' } } },
          { guard: 'nameHasSpaces', actions: { type: 'notify', params: { title: ENTITY_NAME_SPACES, color: 'red' } } },
          { guard: 'nameNotAscii', actions: { type: 'notify', params: { title: ENTITY_NAME_ASCII, color: 'red' } } },
          { guard: 'nameTaken', actions: { type: 'notify', params: { title: DUPLICIT_ENTITY_NAME, color: 'red' } } },
          {
            target: '.checking',
            actions: { type: 'rememberDraftsAndNextKey', params: ({ event }) => event },
          },
        ],
        'entity.change': {
          guard: 'editable',
          target: '.checking',
          actions: { type: 'rememberDrafts', params: ({ event }) => event },
        },
        'entity.delete': {
          guard: 'editable',
          target: 'confirmingDelete',
          actions: { type: 'rememberPendingDelete', params: ({ event }) => event },
        },
        'entities.save': [
          {
            guard: 'hasInvalidName',
            actions: {
              type: 'notify',
              params: ({ context }) => ({
                title: invalidEntityName(firstInvalid(context.drafts)?.name ?? ''),
                color: 'red' as const,
              }),
            },
          },
          {
            guard: 'hasDuplicateName',
            actions: { type: 'notify', params: { title: DUPLICIT_ENTITY_NAME, color: 'red' } },
          },
          { target: 'saving' },
        ],
        'entities.reload': 'loading',
      },
      initial: 'checking',
      states: {
        checking: {
          description: 'Compares the drafts with the saved entities.',
          always: [{ guard: 'hasChangedDrafts', target: 'changed' }, { target: 'unchanged' }],
        },
        unchanged: { description: 'Every entity is as saved.' },
        changed: {
          description: 'New or changed entities wait for Save & Train; leaving the screen asks first.',
          tags: ['unsaved'],
        },
      },
    },
    confirmingDelete: {
      description: 'Remove entity? (confirmation); then it is deleted at once.',
      on: {
        'entity.deleteConfirm': [
          { guard: 'pendingUnsaved', target: 'editing', actions: 'removePending' },
          { target: 'deleting' },
        ],
        'entity.deleteCancel': { target: 'editing', actions: 'clearPendingDelete' },
      },
    },
    deleting: {
      description: 'DELETE /entities/{id}.',
      tags: ['busy'],
      invoke: {
        id: 'deleteEntity',
        src: 'deleteEntity',
        input: ({ context }) => ({ id: context.drafts.find((d) => d.key === context.pendingDelete)?.id ?? -1 }),
        onDone: { target: 'editing', actions: 'removePending' },
        onError: {
          target: 'editing',
          actions: [{ type: 'notifyFailure', params: ({ event }) => ({ error: event.error }) }, 'clearPendingDelete'],
        },
      },
    },
    saving: {
      description: 'PUT /entities/{id} for each new or changed entity only.',
      tags: ['busy', 'saving', 'unsaved'],
      invoke: {
        id: 'saveEntities',
        src: 'saveEntities',
        input: ({ context }) => ({ drafts: changedDrafts(context.drafts, context.saved) }),
        onDone: {
          target: 'reloading',
          actions: { type: 'storeDraftsAndSaved', params: ({ event }) => event },
        },
        onError: {
          target: 'editing',
          actions: { type: 'notifyFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    reloading: {
      description: 'GET /worker/reload so the saved entities are used; then training is asked for.',
      tags: ['busy'],
      invoke: {
        id: 'reloadWorker',
        src: 'reloadWorker',
        input: () => undefined,
        onDone: { target: 'editing', actions: emit({ type: 'training.request' as const }) },
        onError: {
          target: 'editing',
          actions: { type: 'notifyFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
});
