import type { DoneActorEvent, OutputFrom } from 'xstate';
import { assign, setup } from 'xstate';
import type { ProjectSummary } from '../../api/contract/projects.ts';
import { CANNOT_CREATE_PROJECT, NEW_SCRIPT_READY, NOT_ASSIGNED } from '../../api/contract/projects.ts';
import { projectSelectionActors } from './actors.ts';
import type { ProjectSelectionEvent } from './events.ts';
import { initialProject, isAssigned } from './guards.ts';
import type { ProjectSelectionContext, ProjectSelectionInput } from './types.ts';

/** Spec 2 §4 "New user": shown once the first project's model is trained. */
export const NLU_MODEL_READY = 'NLU model ready';
/** Ours: what the first run says while the model trains, and when it could not. */
export const FIRST_TRAINING = 'Training the language model of your first project…';
export const FIRST_TRAINING_FAILED = 'The first training failed: use Train NLU on the intents screen.';

/** The name given to the project created for a user who has none. */
export const FIRST_PROJECT_NAME = 'My first project';
/** The not-assigned notice stays 5 s (spec 1 §8). */
export const NOT_ASSIGNED_NOTICE_MS = 5000;

/**
 * Which project the console works on (spec 1 §2, §4, §8): `project_id` in the query, only assigned
 * projects, `conversation_id` cleared on change, and a first project for a user who has none.
 */
export const projectSelectionMachine = setup({
  types: {
    context: {} as ProjectSelectionContext,
    events: {} as ProjectSelectionEvent,
    input: {} as ProjectSelectionInput,
  },
  actors: projectSelectionActors,
  guards: {
    hasNoProjects: (_, params: { projects: ProjectSummary[] }) => params.projects.length === 0,
    canCreate: ({ context }) => context.canCreate,
    /** No project yet, but the user may create one: it is created for them. */
    mayCreateFirst: ({ context }, params: { projects: ProjectSummary[] }) =>
      params.projects.length === 0 && context.canCreate && context.firstRunAllowed,
    /** ...but not before the expired password is changed. */
    firstRunWaits: ({ context }, params: { projects: ProjectSummary[] }) =>
      params.projects.length === 0 && context.canCreate,
    requestedButNotAssigned: (_, params: { projects: ProjectSummary[]; requestedId: number | null }) =>
      params.requestedId !== null && !params.projects.some((p) => p.id === params.requestedId),
    isAssigned: ({ context, event }) => event.type === 'project.select' && isAssigned(context, event.id),
    isCurrent: ({ context, event }) => event.type === 'project.select' && event.id === context.projectId,
  },
  actions: {
    notify: (
      _,
      _params: { title: string; message?: string; color: 'red' | 'green' | 'yellow' | 'blue'; autoClose?: number },
    ) => {},
    /** A failed create's one toast with the server's reason; nothing when the client's table told (a lost session). */
    notifyFailure: (_, _params: { error: unknown; title: string }) => {},
    /** Put project_id in the URL and the API client's scope; on a change also drop conversation_id. */
    publishProject: (_, _params: { projectId: number | null; changed: boolean }) => {},
    storeFirstRun: assign({ projects: [], firstRun: true }),
    clearProjects: assign({ projects: [] }),
    storeProjectsAndProjectId: assign(
      ({ context }, event: DoneActorEvent<OutputFrom<(typeof projectSelectionActors)['loadProjects']>>) => ({
        projects: event.output,
        projectId: initialProject({ ...context, requestedId: null }, event.output),
        requestedId: null,
      }),
    ),
    storeProjectsAndProjectIdOnLoadProjects: assign(
      ({ context }, event: DoneActorEvent<OutputFrom<(typeof projectSelectionActors)['loadProjects']>>) => ({
        projects: event.output,
        projectId: initialProject(context, event.output),
        requestedId: null,
      }),
    ),
    rememberProjectId: assign({
      projectId: (_, event: Extract<ProjectSelectionEvent, { type: 'project.select' }>) => event.id,
    }),
    clearCloneOf: assign({ cloneOf: null }),
    resetCloneOf: assign({ cloneOf: ({ context }) => context.projectId }),
    clearFirstRun: assign({ firstRun: false }),
    clearRequestedIdAndFirstRun: assign({ requestedId: null, firstRun: false }),
    storeRequestedId: assign({
      requestedId: (_, event: DoneActorEvent<OutputFrom<(typeof projectSelectionActors)['createProject']>>) =>
        event.output.project_id,
    }),
  },
}).createMachine({
  id: 'projectSelection',
  description:
    "The project dropdown: loads the user's projects, selects one from the URL or the last choice, creates a new one.",
  context: ({ input }) => ({
    projects: [],
    projectId: null,
    requestedId: input.requestedId,
    canCreate: input.canCreate,
    firstRun: false,
    firstRunAllowed: input.firstRunAllowed ?? true,
    cloneOf: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Loading the projects the user is assigned to.',
      tags: ['loading'],
      invoke: {
        id: 'loadProjects',
        src: 'loadProjects',
        input: () => undefined,
        onDone: [
          {
            guard: { type: 'mayCreateFirst', params: ({ event }) => ({ projects: event.output }) },
            target: 'creating',
            actions: 'storeFirstRun',
          },
          {
            guard: { type: 'firstRunWaits', params: ({ event }) => ({ projects: event.output }) },
            target: 'awaitingPassword',
            actions: 'clearProjects',
          },
          {
            guard: { type: 'hasNoProjects', params: ({ event }) => ({ projects: event.output }) },
            target: 'noProjects',
            actions: 'clearProjects',
          },
          {
            guard: {
              type: 'requestedButNotAssigned',
              params: ({ context, event }) => ({ projects: event.output, requestedId: context.requestedId }),
            },
            target: 'selected',
            actions: [
              { type: 'notify', params: { title: NOT_ASSIGNED, color: 'yellow', autoClose: NOT_ASSIGNED_NOTICE_MS } },
              { type: 'storeProjectsAndProjectId', params: ({ event }) => event },
              { type: 'publishProject', params: ({ context }) => ({ projectId: context.projectId, changed: true }) },
            ],
          },
          {
            target: 'selected',
            actions: [
              { type: 'storeProjectsAndProjectIdOnLoadProjects', params: ({ event }) => event },
              { type: 'publishProject', params: ({ context }) => ({ projectId: context.projectId, changed: false }) },
            ],
          },
        ],
        onError: { target: 'failed' },
      },
    },
    failed: {
      description: 'The projects could not be loaded (the error was already reported).',
      on: { 'project.reload': 'loading' },
    },
    awaitingPassword: {
      description: 'First run, password expired: the project is created once the password is changed.',
      tags: ['loading'],
    },
    noProjects: {
      description: "No project and no right to create one: 'ERROR: No projects associated with this user...'.",
      tags: ['noProjects'],
      on: { 'project.reload': 'loading' },
    },
    selected: {
      description: 'A project is chosen; its id is in the URL and in every API call; its startup loads run.',
      // Re-entered on each change of project, so the loads run again for the new one.
      invoke: {
        id: 'startup',
        src: 'startup',
        input: ({ context }) => ({ projectId: context.projectId! }),
      },
      on: {
        'project.select': [
          { guard: 'isCurrent' },
          {
            guard: 'isAssigned',
            target: 'selected',
            reenter: true,
            actions: [
              { type: 'rememberProjectId', params: ({ event }) => event },
              { type: 'publishProject', params: ({ event }) => ({ projectId: event.id, changed: true }) },
            ],
          },
          {
            actions: [
              { type: 'notify', params: { title: NOT_ASSIGNED, color: 'yellow', autoClose: NOT_ASSIGNED_NOTICE_MS } },
              // Put the URL back on the project in use.
              { type: 'publishProject', params: ({ context }) => ({ projectId: context.projectId, changed: false }) },
            ],
          },
        ],
        'project.new': { guard: 'canCreate', target: 'naming', actions: 'clearCloneOf' },
        'project.clone': {
          guard: 'canCreate',
          target: 'naming',
          actions: 'resetCloneOf',
        },
      },
    },
    firstTraining: {
      description: "First run: the new project's model trains; then 'NLU model ready' and the project opens.",
      tags: ['loading', 'firstRun'],
      invoke: {
        id: 'trainFirstModel',
        src: 'trainFirstModel',
        input: ({ context }) => ({ projectId: context.requestedId ?? 0 }),
        onDone: {
          target: 'loading',
          actions: [
            'clearFirstRun',
            { type: 'notify', params: { title: NLU_MODEL_READY, color: 'green', autoClose: 10_000 } },
          ],
        },
        onError: {
          target: 'loading',
          actions: [
            'clearFirstRun',
            { type: 'notify', params: { title: 'Error!', message: FIRST_TRAINING_FAILED, color: 'red' } },
          ],
        },
      },
    },
    naming: {
      description: "'New Project' or 'Clone Project': asking for the new project's name.",
      on: {
        'project.create': { target: 'creating', actions: 'clearRequestedIdAndFirstRun' },
        'project.cancel': 'selected',
      },
    },
    creating: {
      description: 'Creating a project (or a clone of the current one) on the server.',
      tags: ['loading'],
      invoke: {
        id: 'createProject',
        src: 'createProject',
        input: ({ context, event }) => ({
          name: event.type === 'project.create' ? event.name : FIRST_PROJECT_NAME,
          cloneOf: event.type === 'project.create' ? context.cloneOf : null,
        }),
        onDone: [
          {
            guard: ({ context }) => context.firstRun,
            target: 'firstTraining',
            actions: [
              { type: 'storeRequestedId', params: ({ event }) => event },
              { type: 'notify', params: { title: NEW_SCRIPT_READY, color: 'green' } },
            ],
          },
          {
            target: 'loading',
            actions: [
              { type: 'storeRequestedId', params: ({ event }) => event },
              { type: 'notify', params: { title: NEW_SCRIPT_READY, color: 'green' } },
            ],
          },
        ],
        onError: [
          {
            guard: ({ context }) => context.projects.length === 0,
            target: 'noProjects',
            actions: {
              type: 'notifyFailure',
              params: ({ event }) => ({ error: event.error, title: CANNOT_CREATE_PROJECT }),
            },
          },
          {
            target: 'selected',
            actions: {
              type: 'notifyFailure',
              params: ({ event }) => ({ error: event.error, title: CANNOT_CREATE_PROJECT }),
            },
          },
        ],
      },
    },
  },
});
