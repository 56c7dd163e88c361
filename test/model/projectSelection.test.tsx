// Model-based test of project selection against the real layout (spec 1 §2, §4, §8): project_id in the URL,
// assignment check, conversation_id cleared, 'New Project', and the user without projects.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { navigate } from 'wouter/use-hash-location';
import { ApiError } from '../../src/api/client.ts';
import { CANNOT_CREATE_PROJECT, NO_PROJECTS_ALERT, NOT_ASSIGNED } from '../../src/api/contract/projects.ts';
import { notifyFailure } from '../../src/console/notices.ts';
import {
  FIRST_TRAINING,
  FIRST_TRAINING_FAILED,
  NLU_MODEL_READY,
  projectSelectionMachine,
} from '../../src/machines/projectSelection/machine.ts';
import { providedProjectSelectionMachine } from '../../src/machines/projectSelection/provide.ts';
import { createDeferredActor, describeModel, type ModelExecutors, type StateAssertions } from './harness.ts';
import { renderConsole, settle, signedInSession } from './renderConsole.tsx';
import { clearToasts, type ShownToast, toastsAddedBy } from './toasts.ts';
import { makeUser } from './userFixtures.ts';

const twoProjects = [
  { id: 2, name: 'Second bot' },
  { id: 1, name: 'Demo bot' },
];
const admin = makeUser({
  permissions: {
    ...makeUser().permissions,
    project_roles: { '1': 2, '2': 2 },
    system_grants: [{ method: 'POST', path: '/projects', project_env: null }],
  },
});

const loadProjects = createDeferredActor<typeof twoProjects>({ output: twoProjects, error: new Error('offline') });
// A refusal as the client throws it with ownsFailure: the dropdown's one toast says it with the server's words.
const NAME_TAKEN = 'A project named Support bot already exists.';
const createProject = createDeferredActor<{ project_id: number }, { name: string; cloneOf?: number | null }>({
  output: { project_id: 2 },
  error: new ApiError('insertProject', 400, { message: NAME_TAKEN }, false),
});
const trainFirstModel = createDeferredActor<void, { projectId: number }>({
  output: undefined,
  error: new Error('Training failed'),
});
const machine = providedProjectSelectionMachine.provide({
  actors: {
    loadProjects: loadProjects.logic,
    createProject: createProject.logic,
    trainFirstModel: trainFirstModel.logic,
  },
});

const query = () => new URLSearchParams(window.location.search);

const executors = {
  // A project_id in the URL (a link, the back button or the selector) selects that project.
  'project.select': async ({ event }) => {
    act(() => navigate(`/app/dashboard?project_id=${event.id}&conversation_id=c-1`));
    await settle();
  },
  'project.new': async () => {
    fireEvent.click(screen.getByTestId('project-selector'));
    await settle();
    fireEvent.click(screen.getByRole('option', { name: 'New Project' }));
    await settle();
  },
  'project.clone': async () => {
    fireEvent.click(screen.getByTestId('project-selector'));
    await settle();
    fireEvent.click(screen.getByRole('option', { name: 'Clone Project' }));
    await settle();
  },
  'project.create': async ({ event }) => {
    const dialog = screen.getByRole('dialog', { name: /New Project|Clone Project/ });
    fireEvent.change(within(dialog).getByLabelText('Project name'), { target: { value: event.name } });
    fireEvent.click(within(dialog).getByRole('button', { name: /^(Create|Clone)$/ }));
    await settle();
  },
  'project.cancel': async () => {
    fireEvent.click(
      within(screen.getByRole('dialog', { name: /New Project|Clone Project/ })).getByRole('button', { name: 'Cancel' }),
    );
    await settle();
  },
  'project.reload': async () => {
    fireEvent.click(screen.getByRole('button', { name: /Try again|Check again/ }));
    await settle();
  },
} satisfies ModelExecutors<typeof machine>;

const states: StateAssertions<typeof machine> = {
  loading: () => expect(loadProjects.pending).toBeGreaterThan(0),
  failed: () => expect(screen.getByText('Projects could not be loaded')).toBeInTheDocument(),
  noProjects: () => {
    expect(screen.getByText(NO_PROJECTS_ALERT).closest('[role="alert"]')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Check again' })).toBeEnabled();
  },
  selected: (state) => {
    const id = state.context.projectId;
    expect(screen.getByTestId('footer-project-id')).toHaveTextContent(`Project ID: ${id}`);
    expect(query().get('project_id')).toBe(String(id));
    const name = state.context.projects.find((p) => p.id === id)?.name ?? '';
    expect(screen.getByTestId('project-selector')).toHaveValue(name);
  },
  naming: (state) =>
    expect(
      screen.getByRole('dialog', { name: state.context.cloneOf === null ? 'New Project' : 'Clone Project' }),
    ).toBeInTheDocument(),
  creating: (state) => {
    expect(createProject.pending).toBeGreaterThan(0);
    // A clone copies the project that was current when 'Clone Project' was chosen.
    expect(createProject.calls.at(-1)?.cloneOf ?? null).toBe(state.context.firstRun ? null : state.context.cloneOf);
  },
  // First run with an expired password: no project, no alert, nothing created; the password dialog is in front.
  awaitingPassword: () => {
    expect(screen.queryByText(NO_PROJECTS_ALERT)).toBeNull();
    expect(screen.getByTestId('footer-project-id')).toHaveTextContent('Project ID: –');
    expect(query().get('project_id')).toBeNull();
    expect(createProject.calls).toEqual([]);
    expect(screen.getByText('Your password has expired. Choose a new one to continue.')).toBeInTheDocument();
  },
  // First run (spec 2 §4 "New user"): the created project trains before it opens.
  firstTraining: () => {
    expect(screen.getByText(FIRST_TRAINING)).toBeInTheDocument();
    expect(trainFirstModel.pending).toBeGreaterThan(0);
    expect(trainFirstModel.calls.at(-1)).toEqual({ projectId: 2 });
  },
};

describeModel({
  name: 'projectSelection',
  machine,
  render: async (m) => {
    // The URL asks for project 42, which the user is not assigned to.
    window.history.replaceState(null, '', '/?project_id=42#/app/dashboard');
    await renderConsole({ sessionLogic: signedInSession(admin), projectSelectionLogic: m });
    return undefined;
  },
  executors,
  states,
  invokes: { loadProjects, createProject, trainFirstModel },
  internalExecutors: {
    // One toast per failure: 'Cannot create new project.' with the server's reason, no 'Error!' beside it.
    'xstate.error.actor.createProject': async ({ event }) => {
      const { error } = event as unknown as { error: unknown };
      const added = await toastsAddedBy(async () => {
        await act(async () => createProject.reject(error));
        await settle();
      });
      // (The console's startup loads for the project find no server here: their 'Backend Connection Error!' aside.)
      const aboutCreate = added.filter((t) => t.title === CANNOT_CREATE_PROJECT || t.title === 'Error!');
      expect(aboutCreate).toEqual([{ title: CANNOT_CREATE_PROJECT, message: NAME_TAKEN, color: 'red' }]);
    },
  },
  input: { requestedId: 42, canCreate: true },
  events: [
    { type: 'project.select', id: 1 },
    { type: 'project.select', id: 2 },
    { type: 'project.select', id: 42 },
    { type: 'project.create', name: 'Support bot' },
    { type: 'xstate.done.actor.loadProjects', output: twoProjects } as never,
    { type: 'xstate.done.actor.loadProjects', output: [] } as never,
  ],
  serializeContext: (c) => ({
    some: c.projects.length > 0,
    id: c.projectId,
    first: c.firstRun,
    clone: c.cloneOf !== null,
  }),
  limit: 400,
  // The branches for a user without projects who may not create one, or must first change an expired password, need
  // other input: the two suites below walk them (the report merges the suites of one chart).
  requireFullCoverage: false,
});

/**
 * A user without projects and another input: only the first answer of loadProjects is walked (each path renders the
 * whole console), so the branches the suite above cannot reach cost two paths each.
 */
function describeWithoutProjects(
  name: string,
  user: ReturnType<typeof makeUser>,
  input: { canCreate: boolean; firstRunAllowed: boolean },
) {
  describeModel({
    name,
    machine,
    render: async (m) => {
      // No project_id in the URL.
      window.history.replaceState(null, '', '/#/app/dashboard');
      await renderConsole({ sessionLogic: signedInSession(user), projectSelectionLogic: m });
      return undefined;
    },
    executors,
    states,
    invokes: { loadProjects, createProject, trainFirstModel },
    input: { requestedId: null, ...input },
    events: [{ type: 'xstate.done.actor.loadProjects', output: [] } as never],
    serializeContext: () => '',
    // What follows the first answer is walked by the suite above.
    stopWhen: (state) => !state.matches('loading'),
    requireFullCoverage: false,
  });
}

// No project and no right to create one: the no-projects alert.
describeWithoutProjects('projectSelection (may not create)', makeUser({ projects: [] }), {
  canCreate: false,
  firstRunAllowed: true,
});
// Spec 2 §4 "New user": the first project waits for the expired password to be changed.
describeWithoutProjects(
  'projectSelection (password expired)',
  { ...admin, projects: [], password_expired: true },
  {
    canCreate: true,
    firstRunAllowed: false,
  },
);

describe('project selection rules', () => {
  const run = (
    input: { requestedId: number | null; canCreate: boolean; firstRunAllowed?: boolean },
    projects: typeof twoProjects,
    train: () => Promise<void> = async () => {},
  ) => {
    const notices: string[] = [];
    const trained: number[] = [];
    const published: Array<{ projectId: number | null; changed: boolean }> = [];
    const actor = createActor(
      projectSelectionMachine.provide({
        actors: {
          loadProjects: fromPromise(async () => projects),
          createProject: fromPromise(async () => {
            projects.push({ id: 5, name: 'My first project' });
            return { project_id: 5 };
          }),
          trainFirstModel: fromPromise(async ({ input }) => {
            trained.push(input.projectId);
            await train();
          }),
        },
        actions: {
          notify: (_, p) => notices.push(p.title),
          publishProject: (_, p) => published.push(p),
        },
      }),
      { input },
    ).start();
    return { actor, notices, published, trained };
  };

  it('first run: a user without projects who may create one gets it created, trained, then NLU model ready', async () => {
    const { actor, notices, trained, published } = run({ requestedId: null, canCreate: true }, []);
    await settle();
    await settle();
    expect(trained).toEqual([5]);
    expect(notices).toEqual(['New script ready', NLU_MODEL_READY]);
    expect(actor.getSnapshot().value).toBe('selected');
    expect(published.at(-1)).toMatchObject({ projectId: 5 });
  });

  it('first run: a failed training still opens the project and says how to train', async () => {
    const { actor, notices } = run({ requestedId: null, canCreate: true }, [], async () => {
      throw new Error('out of memory');
    });
    await settle();
    await settle();
    expect(notices.at(-1)).toBe('Error!');
    expect(actor.getSnapshot().context.projectId).toBe(5);
    expect(FIRST_TRAINING_FAILED).toContain('Train NLU');
  });

  it('first run waits while the password is expired (the server refuses the project before)', async () => {
    const { actor, trained } = run({ requestedId: null, canCreate: true, firstRunAllowed: false }, []);
    await settle();
    expect(actor.getSnapshot().value).toBe('awaitingPassword');
    expect(trained).toEqual([]);
  });

  it('a project made with New Project is not trained (only the first run is)', async () => {
    const { actor, trained } = run({ requestedId: null, canCreate: true }, [...twoProjects]);
    await settle();
    actor.send({ type: 'project.new' });
    actor.send({ type: 'project.create', name: 'Support bot' });
    await settle();
    expect(trained).toEqual([]);
  });

  it('a refused project is one toast with the server’s words; after a lost session nothing is said', async () => {
    const refusals = [
      new ApiError('insertProject', 400, { message: NAME_TAKEN }, false),
      new ApiError('insertProject', 401, { message: 'Not logged in.' }, true),
    ];
    const toasts: ShownToast[][] = [];
    for (const refusal of refusals) {
      clearToasts();
      const actor = createActor(
        projectSelectionMachine.provide({
          actors: {
            loadProjects: fromPromise(async () => twoProjects),
            createProject: fromPromise<{ project_id: number }, { name: string }>(async () => {
              throw refusal;
            }),
          },
          actions: { notifyFailure: (_, p) => notifyFailure(p.error, p.title) },
        }),
        { input: { requestedId: null, canCreate: true } },
      ).start();
      await settle();
      actor.send({ type: 'project.new' });
      toasts.push(
        await toastsAddedBy(async () => {
          actor.send({ type: 'project.create', name: 'Support bot' });
          await settle();
        }),
      );
      expect(actor.getSnapshot().value).toBe('selected');
      actor.stop();
    }
    expect(toasts).toEqual([[{ title: CANNOT_CREATE_PROJECT, message: NAME_TAKEN, color: 'red' }], []]);
  });

  it('a user without projects who may not create one sees the alert', async () => {
    const { actor } = run({ requestedId: null, canCreate: false }, []);
    await settle();
    expect(actor.getSnapshot().value).toBe('noProjects');
  });

  it('refuses an unassigned project for 5 s and keeps the URL on the current one', async () => {
    const { actor, notices, published } = run({ requestedId: null, canCreate: false }, twoProjects);
    await settle();
    expect(actor.getSnapshot().context.projectId).toBe(1); // first by name: Demo bot
    actor.send({ type: 'project.select', id: 42 });
    expect(notices).toEqual([NOT_ASSIGNED]);
    expect(published.at(-1)).toEqual({ projectId: 1, changed: false });
    actor.send({ type: 'project.select', id: 2 });
    expect(published.at(-1)).toEqual({ projectId: 2, changed: true });
  });

  it('drops conversation_id from the URL when the project changes', async () => {
    window.history.replaceState(null, '', '/?project_id=1&conversation_id=abc#/app/logs');
    const { writeProjectQuery } = await import('../../src/machines/projectSelection/provide.ts');
    writeProjectQuery(1, false);
    expect(query().get('conversation_id')).toBe('abc');
    writeProjectQuery(2, true);
    expect(query().get('conversation_id')).toBeNull();
    expect(query().get('project_id')).toBe('2');
    expect(window.location.hash).toBe('#/app/logs');
  });
});
