// Model-based test of the entity editor (spec 2 §2 "Entities screen", §4 "Entities", §5 "Entity name", §6) against
// the real entities screen: local drafts, Save & Train saving only what changed and reloading the worker, deleting
// at once after confirmation, and every entity message of spec 2 §5.
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import {
  DUPLICIT_ENTITY_NAME,
  ENTITY_NAME_ASCII,
  ENTITY_NAME_EMPTY,
  ENTITY_NAME_SPACES,
  type Entity,
  invalidEntityName,
  SYSTEM_ENTITY_READ_ONLY,
  SYSTEM_ENTITY_UNMARK_WARNING,
} from '../../src/api/contract/entities.ts';
import { changedDrafts, type EntityDraft } from '../../src/machines/entityEditor/draft.ts';
import { needsFuzzyHint } from '../../src/machines/entityEditor/selectors.ts';
import { providedEntityEditorMachine } from '../../src/machines/entityEditor/provide.ts';
import { providedTrainingMachine } from '../../src/machines/training/provide.ts';
import type { TrainAnswer } from '../../src/machines/training/actors.ts';
import EntitiesScreen from '../../src/screens/entities/EntitiesScreen.tsx';
import { FUZZY_HINT } from '../../src/screens/entities/EntityEditor.tsx';
import {
  authoringUser,
  flush,
  noticeLog,
  noticeOf,
  parentRevealing,
  recordingNotify,
  renderWithSession,
  route,
  WhenSignedIn,
} from './authoringScreens.tsx';
import { createDeferredActor, describeModel, type ModelExecutors, type StateAssertions } from './harness.ts';

const loaded: Entity[] = [
  {
    id: 1,
    name: 'city',
    type: 'dictionary',
    match: 'lemmatized',
    occurrence: 'single',
    case_insensitive: false,
    values: 'Prague, Brno',
    __is_system__: false,
  },
  {
    id: 2,
    name: 'time',
    type: 'number',
    match: 'exact',
    occurrence: 'multiple',
    case_insensitive: false,
    values: '',
    __is_system__: true,
  },
];
const systemGrant = { method: 'PUT', path: '/system/entities/{id}', project_env: null } as const;
/** Editing system entities is a restricted call: only a grant allows it. */
const entitiesUser = (grants: (typeof systemGrant)[]) => {
  const user = authoringUser(grants);
  user.permissions.restricted.push('PUT /system/entities/{id}');
  return user;
};

const loadEntities = createDeferredActor<Entity[]>({ output: loaded });
const saveEntities = createDeferredActor<Record<number, number>, { drafts: EntityDraft[] }>({ output: { 3: 10 } });
const deleteEntity = createDeferredActor<unknown, { id: number }>({ output: { status: 'ok' } });
const reloadWorker = createDeferredActor<unknown>({ output: { status: 'ok' } });
const load = parentRevealing(loadEntities);
const notices = noticeLog();
const entityEditorWith = (log: ReturnType<typeof noticeLog>) =>
  providedEntityEditorMachine.provide({
    actors: {
      loadEntities: load.logic,
      saveEntities: saveEntities.logic,
      deleteEntity: deleteEntity.logic,
      reloadWorker: reloadWorker.logic,
    },
    actions: { notify: recordingNotify(log) as never, notifyFailure: () => log.titles.push('failure') },
  });
const machine = entityEditorWith(notices);

/** Train requests the screen made after a saved worker reload (the fake refuses at once so the screen stays idle). */
let trainRequests = 0;
const training = () =>
  providedTrainingMachine.provide({
    actors: {
      submitTraining: fromPromise<TrainAnswer>(async () => {
        trainRequests++;
        throw new Error('not training in this test');
      }),
    },
    actions: { notify: () => {}, notifyFailure: () => {} },
  });

/** Every notice the walk showed, to prove each validation message of spec 2 §5 was exercised. */
const shown = new Set<string>();

const nameOfKey = (context: { drafts: EntityDraft[] }, key: number) => context.drafts.find((d) => d.key === key)?.name;
/** Editors follow the drafts' order; names may clash while a rename is unsaved. */
const cardOf = (context: { drafts: EntityDraft[] }, key: number): HTMLElement | null =>
  screen.queryAllByTestId(/^entity-/)[context.drafts.findIndex((d) => d.key === key)] ?? null;
const dialog = () => screen.getByRole('dialog', { name: 'Remove entity?' });

/** A Mantine Select's visible input, found by its label. */
const selectInput = (editor: HTMLElement, label: string): HTMLInputElement =>
  [...editor.querySelectorAll('.mantine-Select-root')]
    .find((root) => root.querySelector('label')?.textContent === label)
    ?.querySelector('input:not([type=hidden])') as HTMLInputElement;

async function pickOption(editor: HTMLElement, label: string, option: string) {
  fireEvent.click(selectInput(editor, label));
  await flush();
  fireEvent.click(screen.getByRole('option', { name: option }));
  await flush();
}

const executors = {
  'entity.add': async ({ event }) => {
    const input = screen.getByLabelText('New entity name');
    fireEvent.change(input, { target: { value: event.name } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await flush();
  },
  'entity.change': async ({ event, previous }) => {
    const name = nameOfKey(previous.context, event.key);
    const editor = cardOf(previous.context, event.key);
    // A removed entity has no editor left to change.
    if (!editor) return;
    const { patch } = event;
    if (patch.name !== undefined)
      fireEvent.change(within(editor).getByLabelText(`Name of entity ${name}`), { target: { value: patch.name } });
    if (patch.match !== undefined) await pickOption(editor, 'Match', patch.match === 'fuzzy' ? 'Fuzzy' : 'Exact');
    if (patch.__is_system__ !== undefined) fireEvent.click(within(editor).getByLabelText('Is system entity'));
    await flush();
  },
  'entity.delete': async ({ event, previous }) => {
    const name = nameOfKey(previous.context, event.key);
    const editor = cardOf(previous.context, event.key);
    const remove = editor && within(editor).queryByRole('button', { name: `Remove entity ${name}` });
    if (remove) fireEvent.click(remove);
    await flush();
  },
  'entity.deleteConfirm': async () => {
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Remove' }));
    await flush();
  },
  'entity.deleteCancel': async () => {
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    await flush();
  },
  'entities.save': async () => {
    fireEvent.click(screen.getByTestId('save-and-train'));
    await flush();
  },
  'entities.reload': async () => {
    const retry = screen.queryByRole('button', { name: 'Try again' });
    // The screen offers a reload only after a failed load; while editing nothing in the view sends one.
    if (retry) fireEvent.click(retry);
    else load.parent().send({ type: 'entities.reload' });
    await flush();
  },
} satisfies ModelExecutors<typeof machine>;

const expectedNotice = (title: string) => title;

const states: StateAssertions<typeof machine> = {
  loading: () => {
    expect(loadEntities.pending).toBe(1);
    expect(screen.getByTestId('save-and-train')).toBeDisabled();
  },
  failed: () => {
    expect(notices.titles).toContain('failure');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  },
  'editing.checking': () => {
    throw new Error('transient state reached');
  },
  // The count of unsaved entities and the navigation guard's "unsaved" tag go together.
  'editing.unchanged': () => expect(screen.queryByText(/unsaved entit/)).toBeNull(),
  'editing.changed': () => expect(screen.getByText(/unsaved entit/)).toBeInTheDocument(),
  editing: (state) => {
    const { drafts, saved } = state.context;
    expect(screen.getAllByTestId(/^entity-/)).toHaveLength(drafts.length);
    for (const draft of drafts) {
      const editor = cardOf(state.context, draft.key) as HTMLElement;
      expect(within(editor).getByLabelText(`Name of entity ${draft.name}`)).toHaveValue(draft.name);
      // Fuzzy matching under 30 values shows the hint (spec 2 §5).
      if (needsFuzzyHint(draft)) expect(within(editor).getByTestId('fuzzy-hint')).toHaveTextContent(FUZZY_HINT);
      else expect(within(editor).queryByTestId('fuzzy-hint')).not.toBeInTheDocument();
      // Unmarking a saved system entity warns that every project loses it.
      const unmarked = !draft.__is_system__ && saved.some((e) => e.id === draft.id && e.__is_system__);
      if (unmarked) expect(editor).toHaveTextContent(SYSTEM_ENTITY_UNMARK_WARNING);
      else expect(editor).not.toHaveTextContent(SYSTEM_ENTITY_UNMARK_WARNING);
      if (draft.id === undefined) {
        // New entity defaults: dictionary, lemmatized, single, case sensitive, non-system.
        expect(within(editor).getByText('new')).toBeInTheDocument();
        expect(within(editor).getByRole('radio', { name: 'Dictionary' })).toBeChecked();
        expect(selectInput(editor, 'Match')).toHaveValue('Lemmatized');
        expect(selectInput(editor, 'Occurrence')).toHaveValue('Single');
        expect(within(editor).getByLabelText('Case insensitive')).not.toBeChecked();
        expect(within(editor).getByLabelText('Is system entity')).not.toBeChecked();
      }
    }
    expect(screen.getByTestId('save-and-train')).toBeEnabled();
    const notice = noticeOf(state.context);
    if (notice) {
      expect(notices.titles).toContain(expectedNotice(notice));
      shown.add(notice);
    }
  },
  confirmingDelete: (state) =>
    expect(dialog()).toHaveTextContent(
      `The entity “${nameOfKey(state.context, state.context.pendingDelete ?? -1)}” is deleted at once.`,
    ),
  deleting: (state) => {
    expect(deleteEntity.pending).toBe(1);
    expect(deleteEntity.calls.at(-1)).toEqual({
      id: state.context.drafts.find((d) => d.key === state.context.pendingDelete)?.id,
    });
  },
  saving: (state) => {
    expect(saveEntities.pending).toBe(1);
    // Only new or changed entities are sent.
    expect(saveEntities.calls.at(-1)?.drafts.map((d) => d.name)).toEqual(
      changedDrafts(state.context.drafts, state.context.saved).map((d) => d.name),
    );
    expect(screen.getByTestId('save-and-train')).toBeDisabled();
  },
  reloading: () => {
    expect(reloadWorker.pending).toBe(1);
    expect(trainRequests).toBe(0);
  },
};

const base = (drafts: EntityDraft[], key: number) =>
  loaded.find((e) => e.id === key && drafts.some((d) => d.id === key));

describeModel({
  name: 'entityEditor',
  machine,
  render: async (m) => {
    notices.clear();
    trainRequests = 0;
    await renderWithSession(
      <WhenSignedIn>
        <EntitiesScreen route={route('/app/entities', 'Entities')} logic={{ entityEditor: m, training: training() }} />
      </WhenSignedIn>,
      entitiesUser([systemGrant]),
    );
    return { actor: load.parent() };
  },
  executors,
  states,
  invokes: { loadEntities, saveEntities, deleteEntity, reloadWorker },
  internalExecutors: {
    // Saved and the worker reloaded: the screen asks for training (spec 2 §4 "Entities").
    'xstate.done.actor.reloadWorker': async () => {
      await act(async () => reloadWorker.resolve());
      await flush();
      expect(trainRequests).toBe(1);
    },
  },
  input: { canSystem: true },
  events: [
    { type: 'entity.add', name: '' },
    { type: 'entity.add', name: 'new city' },
    { type: 'entity.add', name: 'město' },
    { type: 'entity.add', name: 'city' },
    { type: 'entity.add', name: 'color' },
    { type: 'entity.change', key: 1, patch: { name: 'ci.ty' } },
    { type: 'entity.change', key: 1, patch: { name: 'time' } },
    { type: 'entity.change', key: 1, patch: { match: 'fuzzy' } },
    { type: 'entity.change', key: 2, patch: { __is_system__: false } },
    { type: 'entity.delete', key: 1 },
    { type: 'entity.delete', key: 3 },
  ],
  // Bounds of the walk: it goes on from the loaded entities, from an added 'color' and from a renamed 'city' (to
  // save it); it stops after a refusal, a fuzzy or system change, a removal, or a saved 'color'.
  stopWhen: (state) => {
    if (!state.matches('editing')) return false;
    const { drafts, nextKey } = state.context;
    const city = drafts.find((d) => d.key === 1);
    const time = drafts.find((d) => d.key === 2);
    const color = drafts.find((d) => d.key === 3);
    return (
      noticeOf(state.context) !== undefined ||
      !city ||
      city.match !== base(drafts, 1)?.match ||
      (city.name !== 'city' && color !== undefined) ||
      time?.__is_system__ === false ||
      (nextKey > 3 && !color) ||
      color?.id !== undefined
    );
  },
  // One path per state and transition (the shortest), not every path the bounds allow.
  paths: 'perTransition',
});

describe('entity messages of spec 2 §5', () => {
  it('every validation message was shown by the walk', () => {
    expect([...shown].sort()).toEqual(
      [
        DUPLICIT_ENTITY_NAME,
        ENTITY_NAME_ASCII,
        ENTITY_NAME_EMPTY,
        ENTITY_NAME_SPACES,
        invalidEntityName('ci.ty'),
      ].sort(),
    );
  });

  it('refuses on saving every name with non-ASCII characters, a dot, dollar, comma or space, naming it', async () => {
    for (const name of ['cíty', 'ci.ty', 'ci$ty', 'ci,ty', 'ci ty']) {
      cleanup();
      const log = noticeLog();
      await renderWithSession(
        <WhenSignedIn>
          <EntitiesScreen
            route={route('/app/entities', 'Entities')}
            logic={{ entityEditor: entityEditorWith(log), training: training() }}
          />
        </WhenSignedIn>,
        entitiesUser([systemGrant]),
      );
      await act(async () => loadEntities.resolve());
      await flush();
      fireEvent.change(screen.getByLabelText('Name of entity city'), { target: { value: name } });
      await flush();
      fireEvent.click(screen.getByTestId('save-and-train'));
      await flush();
      expect(log.titles).toEqual([invalidEntityName(name)]);
      expect(log.titles[0]).toContain(`"${name}"`);
      expect(saveEntities.pending).toBe(0);
      loadEntities.reset();
    }
  });

  it('shows a system entity read-only to a user without the system permission', async () => {
    const log = noticeLog();
    await renderWithSession(
      <WhenSignedIn>
        <EntitiesScreen
          route={route('/app/entities', 'Entities')}
          logic={{ entityEditor: entityEditorWith(log), training: training() }}
        />
      </WhenSignedIn>,
      entitiesUser([]),
    );
    await act(async () => loadEntities.resolve());
    await flush();
    const system = screen.getByTestId('entity-time');
    expect(within(system).getByTestId('system-read-only')).toHaveTextContent(SYSTEM_ENTITY_READ_ONLY);
    expect(within(system).getByLabelText('Name of entity time')).toHaveAttribute('readonly');
    expect(within(system).queryByRole('button', { name: 'Remove entity time' })).not.toBeInTheDocument();
    expect(within(system).queryByLabelText('Is system entity')).not.toBeInTheDocument();
    // A change the view would not send anyway is refused by the machine too.
    load.parent().send({ type: 'entity.change', key: 2, patch: { name: 'clock' } });
    await flush();
    expect(within(screen.getByTestId('entity-time')).getByLabelText('Name of entity time')).toHaveValue('time');
    // The project's own entity stays editable.
    expect(within(screen.getByTestId('entity-city')).queryByTestId('system-read-only')).not.toBeInTheDocument();
    loadEntities.reset();
  });
});
