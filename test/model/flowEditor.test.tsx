// Model-based test of the reaction flow editor: xstate/graph walks the flowEditor chart, each path drives the real
// GraphEditorView (React Flow canvas, outline, side panel, save bar) in jsdom. Only the shortest path to each state
// and to each transition is run (`paths: 'perTransition'`); every state, transient ones included, and every
// transition must be covered.
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type ActorRefFrom, createActor } from 'xstate';
import { conditionError } from '../../server/chat/condition.ts';
import type { ActionCatalogue } from '../../src/api/contract/actions.ts';
import type { Reaction, ReactionInput } from '../../src/api/contract/reactions.ts';
import type { FlowData, ScopeSaveInput, ScopeSaveOutput } from '../../src/machines/flowEditor/actors.ts';
import { conditionProblem } from '../../src/machines/flowEditor/conditionSyntax.ts';
import { draftProblems, moveStep, toSaveBody } from '../../src/machines/flowEditor/draft.ts';
import { isDirty, matchingIds } from '../../src/machines/flowEditor/guards.ts';
import type { FlowEditorEvent } from '../../src/machines/flowEditor/events.ts';
import {
  flowEditorMachine,
  REACTIONS_SAVED,
  SCOPE_IN_USE,
  SCOPE_NAME_DUPLICIT,
  SCOPE_NAME_EMPTY,
} from '../../src/machines/flowEditor/machine.ts';
import { validationRefs } from '../../src/machines/flowEditor/selectors.ts';
import { draftStatusOf } from '../../src/machines/navigationGuard/selectors.ts';
import { GraphEditorView } from '../../src/screens/graphEditor/GraphEditorView.tsx';
import { createGraphBuilder } from '../../src/ui/flow/flowGraph.ts';
import { createDeferredActor, describeModel, type ModelExecutors, type StateAssertions } from './harness.ts';

// React Flow reads DOMMatrixReadOnly for the viewport transform; jsdom has none.
if (!('DOMMatrixReadOnly' in window)) {
  (window as unknown as { DOMMatrixReadOnly: unknown }).DOMMatrixReadOnly = class {
    m22 = 1;
  };
}

// Textarea autosize listens to document.fonts; jsdom has none.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });
}

const utter = (text: string) => ({ name: 'utter', args: { text }, who: 'bot' as const });
const reactions: Reaction[] = [
  {
    id: 1,
    name: 'greeting',
    condition: '',
    intents: ['greeting'],
    priority: 0,
    reactions_scopes_id: null,
    actions: [utter('Hello!')],
  },
  {
    id: 2,
    name: 'order',
    condition: '',
    intents: ['order'],
    priority: 10,
    reactions_scopes_id: 5,
    actions: [utter('When?'), { name: 'date_picker', args: { variable: 'day' }, who: 'bot' }],
  },
];
const catalogue: ActionCatalogue = {
  builtin: [
    {
      name: 'utter',
      doc: 'Says a text.',
      args: [{ name: 'text', type: 'template', required: true, doc: 'What the bot says.' }],
      ends_conversation: false,
    },
    {
      name: 'date_picker',
      doc: 'Shows a date picker.',
      args: [{ name: 'variable', type: 'variable', required: true, doc: 'Variable that receives the date.' }],
      ends_conversation: false,
    },
    { name: 'call_end', doc: 'Ends the conversation.', args: [], ends_conversation: true },
  ],
  pseudo_intents: [],
  condition_doc: '',
  webhook_rules: [],
};
const data: FlowData = {
  reactions,
  scopes: [{ id: 5, name: 'ordering' }],
  intents: ['greeting', 'order'],
  entities: [],
  projectActions: [],
  projects: [{ id: 1, name: 'Demo' }],
  catalogue,
};

const loadFlow = createDeferredActor<FlowData>({ output: data });
const saveReactions = createDeferredActor<Reaction[], { reactions: ReactionInput[] }>({
  output: reactions,
  error: Object.assign(new Error('Reaction greeting: intent nope does not exist.'), { status: 400 }),
});
const saveScopes = createDeferredActor<ScopeSaveOutput, ScopeSaveInput>({
  output: {
    scopes: [
      { id: 5, name: 'ordering' },
      { id: 6, name: 'checkout' },
    ],
  },
  error: Object.assign(new Error('Conflict'), { status: 409 }),
});

const notices: string[] = [];
const machine = flowEditorMachine.provide({
  actors: { loadFlow: loadFlow.logic, saveReactions: saveReactions.logic, saveScopes: saveScopes.logic },
  actions: { notify: (_, params) => void notices.push(params.title) },
});

let current: ActorRefFrom<typeof machine>;
const ctx = () => current.getSnapshot().context;
const panel = () => within(screen.getByTestId('reaction-panel'));
const input = (label: string) =>
  document.querySelector(`input[aria-label="${label}"], textarea[aria-label="${label}"]`);
const nameOf = (id: number) => ctx().draft.find((r) => r.id === id)?.name ?? '';
const selectedSteps = () => ctx().draft.find((r) => r.id === ctx().selectedId)?.actions ?? [];
const scopeName = (id: number) => ctx().scopes.find((s) => s.id === id)?.name;
/** Which notice a scope change must show (the machine's guards, read from the view's own actor). */
const scopeRefusal = (name: string, exceptId: number | null) =>
  name.trim() === ''
    ? SCOPE_NAME_EMPTY
    : ctx().scopes.some((s) => s.id !== exceptId && s.name.toLowerCase() === name.trim().toLowerCase())
      ? SCOPE_NAME_DUPLICIT
      : null;

const executors = {
  'flow.retry': ({ user }) => user.click(screen.getByRole('button', { name: 'Retry' })),
  'flow.reload': ({ user }) => user.click(screen.getByRole('button', { name: /Reload reactions/ })),
  'flow.save': ({ user }) => user.keyboard('{Control>}s{/Control}'),
  'flow.undo': ({ user }) => user.click(screen.getByRole('button', { name: 'Undo' })),
  'flow.redo': ({ user }) => user.click(screen.getByRole('button', { name: 'Redo' })),
  'view.fit': ({ user }) => user.click(screen.getByRole('button', { name: 'Fit the whole flow' })),
  'search.change': ({ event }) =>
    fireEvent.change(screen.getByLabelText('Search reactions'), { target: { value: event.query } }),
  'search.next': () => fireEvent.keyDown(screen.getByLabelText('Search reactions'), { key: 'Enter' }),
  'reaction.select': ({ user, event }) =>
    user.click(screen.getByRole('button', { name: `Reaction ${nameOf(event.id)}` })),
  'reaction.deselect': ({ user }) => user.click(screen.getByRole('button', { name: 'Close panel' })),
  'reaction.edit': ({ user }) => user.click(panel().getByRole('button', { name: 'Edit' })),
  'reaction.done': ({ user }) => user.click(panel().getByRole('button', { name: 'Done' })),
  'reaction.add': ({ user }) => user.click(screen.getByRole('button', { name: 'Add reaction' })),
  'reaction.duplicate': ({ user }) => user.click(panel().getByRole('button', { name: 'Duplicate' })),
  'reaction.delete': ({ user }) => user.click(panel().getByRole('button', { name: 'Delete' })),
  'delete.confirm': ({ user }) =>
    user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' })),
  'delete.cancel': ({ user }) => user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' })),
  'reaction.change': ({ event }) => {
    const [field, value] = Object.entries(event.patch)[0] as [string, string];
    fireEvent.change(panel().getByLabelText(field === 'name' ? 'Reaction name' : 'Condition'), { target: { value } });
  },
  'action.add': async ({ user, event }) => {
    await user.click(panel().getByLabelText('Add action', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: event.name }));
  },
  // A step that is not there has no button: the gesture does not exist (the machine's stepExists guard).
  'action.remove': async ({ user, event }) => {
    if (event.index < selectedSteps().length)
      await user.click(panel().getByRole('button', { name: `Remove step ${event.index + 1}` }));
  },
  'action.move': async ({ user, event }) => {
    if (Math.max(event.from, event.to) < selectedSteps().length)
      await user.click(panel().getByRole('button', { name: `Move step ${event.from + 1} up` }));
  },
  'action.arg': ({ event }) => {
    if (event.index < selectedSteps().length)
      fireEvent.change(panel().getByLabelText(`${event.name} of step ${event.index + 1}`), {
        target: { value: event.value },
      });
  },
  'scope.type': async ({ event }) => {
    fireEvent.change(screen.getByLabelText('New scope name'), { target: { value: event.name } });
  },
  'scope.add': async ({ user, event }) => {
    const refusal = scopeRefusal(event.name, null);
    fireEvent.change(screen.getByLabelText('New scope name'), { target: { value: event.name } });
    await user.click(screen.getByRole('button', { name: 'Add scope' }));
    if (refusal) expect(notices.at(-1)).toBe(refusal);
  },
  'scope.rename': async ({ user, event }) => {
    const name = scopeName(event.id);
    if (!name) return; // a scope that is gone has no row (the machine's scopeExists guard)
    const refusal = scopeRefusal(event.name, event.id);
    await user.click(screen.getByRole('button', { name: `Rename scope ${name}` }));
    const field = screen.getByRole('textbox', { name: `Rename scope ${name}` });
    fireEvent.change(field, { target: { value: event.name } });
    fireEvent.keyDown(field, { key: 'Enter' });
    if (refusal === SCOPE_NAME_EMPTY) {
      // The inline editor refuses an empty name itself, with the machine's words, and sends nothing.
      expect(screen.getByText(SCOPE_NAME_EMPTY)).toBeInTheDocument();
      fireEvent.keyDown(field, { key: 'Escape' });
    } else if (refusal) expect(notices.at(-1)).toBe(refusal);
  },
  'scope.delete': async ({ user, event }) => {
    const name = scopeName(event.id);
    if (!name) return;
    const inUse = ctx().draft.some((r) => r.reactions_scopes_id === event.id);
    await user.click(screen.getByRole('button', { name: `Delete scope ${name}` }));
    if (inUse) expect(notices.at(-1)).toBe(SCOPE_IN_USE);
  },
} satisfies ModelExecutors<typeof machine>;

const never = () => {
  throw new Error('a transient state is never observed');
};
const editorScreen = () => screen.getByTestId('grapheditor-screen');

const states: StateAssertions<typeof machine> = {
  loading: () => expect(screen.getByLabelText('Loading reactions')).toBeInTheDocument(),
  loadFailed: () => expect(screen.getByText('Reactions could not be loaded.')).toBeInTheDocument(),
  ready: () => {
    const state = current.getSnapshot();
    expect(editorScreen()).toHaveAttribute('data-dirty', String(isDirty(state.context)));
    // The outline lists every reaction, or only the matches while searching.
    const matches = new Set(matchingIds(state.context.draft, state.context.search));
    for (const r of state.context.draft) {
      const row = screen.queryByRole('button', { name: `Reaction ${r.name}` });
      if (!state.context.search.trim() || matches.has(r.id)) expect(row).toBeInTheDocument();
      else expect(row).toBeNull();
    }
    expect(screen.getByRole('button', { name: 'Undo' })).toHaveProperty('disabled', state.context.past.length === 0);
    expect(screen.getByRole('button', { name: 'Redo' })).toHaveProperty('disabled', state.context.future.length === 0);
    if (state.context.search.trim())
      expect(screen.getByTestId('match-count')).toHaveTextContent(
        String(matchingIds(state.context.draft, state.context.search).length),
      );
  },
  'ready.selection.restoring': never,
  'ready.selection.browsing.idle': () => expect(screen.getByTestId('reaction-panel-empty')).toBeInTheDocument(),
  'ready.selection.browsing.selected.viewing': () => {
    const state = current.getSnapshot();
    const r = state.context.draft.find((x) => x.id === state.context.selectedId);
    expect(panel().getByRole('heading', { name: r?.name })).toBeInTheDocument();
    expect(panel().getByRole('button', { name: 'Edit' })).toBeInTheDocument();
  },
  'ready.selection.browsing.selected.editing': () => {
    const state = current.getSnapshot();
    const r = state.context.draft.find((x) => x.id === state.context.selectedId) as Reaction;
    expect(input('Reaction name')).toHaveValue(r.name);
    expect(input('Condition')).toHaveValue(r.condition);
    if (conditionProblem(r.condition)) expect(panel().getByText(/The condition does not parse/)).toBeInTheDocument();
    expect(panel().queryAllByTestId(/^step-/)).toHaveLength(r.actions.length);
    // Moves and argument edits show in the steps' own fields.
    r.actions.forEach((step, i) => {
      if (typeof step.args.text === 'string') expect(input(`text of step ${i + 1}`)).toHaveValue(step.args.text);
    });
  },
  'ready.selection.confirmingDelete': () =>
    expect(
      screen.getByRole('dialog', { name: `Delete reaction ${nameOf(ctx().selectedId as number)}?` }),
    ).toBeInTheDocument(),
  'ready.draft.checking': never,
  'ready.draft.clean': () => expect(screen.getByTestId('save-bar')).toHaveTextContent('all saved'),
  'ready.draft.dirty': () => expect(screen.getByTestId('save-bar')).toHaveTextContent('You have unsaved changes'),
  'ready.draft.saved': () => {
    expect(screen.getByTestId('save-bar')).toHaveTextContent('All changes saved.');
    expect(notices).toContain(REACTIONS_SAVED);
  },
  'ready.draft.invalid': () => {
    const state = current.getSnapshot();
    const problems = screen.getByTestId('save-problems');
    for (const p of state.context.problems.slice(0, 8)) expect(problems).toHaveTextContent(p.message);
    expect(state.context.problems[0]?.message).toMatch(/^Reaction /);
  },
  validating: never,
  saving: () => expect(saveReactions.calls.at(-1)).toEqual({ reactions: toSaveBody(ctx().draft) }),
  // The input's text as the chart holds it (paths that differ only by spaces share a model state).
  'ready.newScope.empty': (state) => {
    expect((screen.getByLabelText('New scope name') as HTMLInputElement).value.trim()).toBe('');
    // Only the reactions' draft can make the screen unsaved here.
    const reactionsDraft =
      state.matches({ ready: { draft: 'dirty' } }) || state.matches({ ready: { draft: 'invalid' } });
    expect(draftStatusOf(state)).toBe(reactionsDraft ? 'dirty' : 'clean');
  },
  // A scope name typed and not added: the input shows it, and leaving the screen asks.
  'ready.newScope.typed': (state) => {
    expect((screen.getByLabelText('New scope name') as HTMLInputElement).value.trim()).not.toBe('');
    expect(current.getSnapshot().context.scopeName).toBe(
      (screen.getByLabelText('New scope name') as HTMLInputElement).value,
    );
    expect(draftStatusOf(state)).toBe('dirty');
  },
  savingScopes: () => {
    expect(saveScopes.calls.at(-1)?.scopes).toEqual(ctx().pendingScopes);
    // Leaving while the scopes are sent waits for them (the navigation guard reads the tags).
    expect(draftStatusOf(current.getSnapshot())).toBe('saving');
  },
  conflict: () => expect(screen.getByTestId('conflict')).toHaveTextContent('Conflict! Data not saved.'),
};

describeModel({
  name: 'flowEditor',
  machine,
  render: (m) => {
    notices.length = 0;
    const actor = createActor(m).start();
    current = actor;
    render(
      <MantineProvider env="test">
        <div style={{ width: 1400, height: 900 }}>
          <GraphEditorView actor={actor} canEdit />
        </div>
      </MantineProvider>,
    );
    return { actor };
  },
  executors,
  states,
  invokes: { loadFlow, saveReactions, saveScopes },
  // Several samples of one type take different guarded branches; the harness walks each of them.
  events: [
    { type: 'reaction.select', id: 1 },
    { type: 'reaction.change', patch: { condition: 'variables.x ==' } },
    { type: 'reaction.change', patch: { name: 'hello' } },
    { type: 'action.add', name: 'utter' },
    { type: 'action.remove', index: 0 },
    { type: 'action.move', from: 1, to: 0 },
    { type: 'action.arg', index: 0, name: 'text', value: 'Hi there' },
    { type: 'search.change', query: 'greet' },
    { type: 'scope.type', name: 'drafts' },
    { type: 'scope.type', name: '' },
    { type: 'scope.add', name: 'checkout' },
    { type: 'scope.add', name: ' ' },
    { type: 'scope.add', name: 'ordering' },
    { type: 'scope.rename', id: 5, name: 'orders' },
    { type: 'scope.rename', id: 5, name: '' },
    { type: 'scope.rename', id: 5, name: 'checkout' },
    { type: 'scope.rename', id: 6, name: 'billing' },
    { type: 'scope.delete', id: 5 },
    { type: 'scope.delete', id: 6 },
    // Each way a save can fail: refused (400, naming the reaction), conflict (409), anything else.
    ...([
      { type: 'xstate.error.actor.saveReactions', error: saveReactions.error },
      { type: 'xstate.error.actor.saveReactions', error: Object.assign(new Error('Conflict'), { status: 409 }) },
      { type: 'xstate.error.actor.saveReactions', error: new Error('Backend Connection Error!') },
      { type: 'xstate.error.actor.saveScopes', error: saveScopes.error },
      { type: 'xstate.error.actor.saveScopes', error: new Error('Reaction scope ordering is used by reaction order.') },
    ] as unknown as FlowEditorEvent[]),
  ],
  // Only what the guards and the assertions depend on.
  serializeContext: (c) => ({
    dirty: c.draft !== c.saved,
    valid: draftProblems(c.draft, validationRefs(c)).length === 0,
    undo: c.past.length > 0,
    redo: c.future.length > 0,
    steps: c.draft.find((r) => r.id === c.selectedId)?.actions.length ?? null,
    panel: c.panel,
    search: c.search !== '',
    scopes: c.scopes.map((s) => s.id).join(),
    scopeName: c.scopeName.trim() !== '',
  }),
  // Bounded undo depth and list sizes; the selection sample needs reaction 1, so nothing is explored once it is gone.
  stopWhen: ({ context: c }) =>
    c.past.length > 1 ||
    c.future.length > 1 ||
    c.draft.length > 3 ||
    c.scopes.length > 2 ||
    (c.saved.length > 0 && !c.draft.some((r) => r.id === 1)),
  paths: 'perTransition',
});

describe('flow editor details', () => {
  it('checks conditions in the browser exactly as the server does', () => {
    for (const expression of [
      '',
      'variables.x',
      'variables.x ==',
      'intent == "order" && confidence > 0.5',
      'a |lower',
      'a |nope',
      '((',
      'x[',
    ]) {
      expect(conditionProblem(expression) === null, expression).toBe(conditionError(expression) === null);
    }
  });

  it('reuses node objects while typing a name, and never re-lays out', () => {
    const build = createGraphBuilder();
    const many: Reaction[] = Array.from(
      { length: 500 },
      (_, i) => ({ ...reactions[0], id: i + 1, name: `r${i}` }) as Reaction,
    );
    const input = {
      scopes: data.scopes,
      projects: [],
      selectedId: 3,
      matches: new Set<number>(),
      searching: false,
      invalidIds: new Set<number>(),
    };
    const first = build({ ...input, reactions: many });
    const renamed = many.map((r) => (r.id === 3 ? { ...r, name: 'r2x' } : r));
    const second = build({ ...input, reactions: renamed });
    const changed = second.nodes.filter((n, i) => n !== first.nodes[i]);
    expect(changed.map((n) => n.id)).toEqual(['r-3']);
    expect(second.nodes.find((n) => n.id === 'r-3')?.position).toEqual(
      first.nodes.find((n) => n.id === 'r-3')?.position,
    );
  });

  it('moves steps and names the reaction in every problem', () => {
    const steps = reactions[1]?.actions ?? [];
    expect(moveStep(steps, 1, 0).map((s) => s.name)).toEqual(['date_picker', 'utter']);
    expect(moveStep(steps, 0, 5)).toBe(steps);
    const problems = draftProblems(
      [{ ...(reactions[0] as Reaction), condition: 'x ==', intents: ['nope'] }],
      validationRefs({ ...data, catalogue }),
    );
    expect(problems.map((p) => p.message)).toEqual([
      expect.stringMatching(/^Reaction greeting: the condition does not parse/),
      'Reaction greeting: intent nope does not exist.',
    ]);
  });
});
