// Renders an authoring screen (intents, entities, fallbacks) with a signed-in session, a chosen project and
// fake machines, for the model-based tests of their statecharts.
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { act, render } from '@testing-library/react';
import { IconMessageCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { type AnyActorRef, enqueueActions, fromPromise } from 'xstate';
import type { Notice } from '../../src/api/client.ts';
import type { Intent } from '../../src/api/contract/intents.ts';
import type { Synonym } from '../../src/api/contract/synonyms.ts';
import type { CurrentUser } from '../../src/api/contract/users.ts';
import { ConsoleCommandsActor } from '../../src/machines/consoleCommands/context.ts';
import { ProjectSelectionActor } from '../../src/machines/projectSelection/context.ts';
import { providedIntentsListMachine } from '../../src/machines/intentsList/provide.ts';
import { providedPolarityMachine } from '../../src/machines/polarity/provide.ts';
import { providedSynonymsDraftMachine } from '../../src/machines/synonymsDraft/provide.ts';
import { providedTemplateEditingMachine } from '../../src/machines/templateEditing/provide.ts';
import { providedTrainingMachine } from '../../src/machines/training/provide.ts';
import { SessionActor } from '../../src/machines/session/context.ts';
import type { EvaluationAnswer, TrainAnswer } from '../../src/machines/training/actors.ts';
import type { RouteEntry } from '../../src/screens/routes.tsx';
import { theme } from '../../src/ui/theme.ts';
import type { DeferredActor } from './harness.ts';
import { fixedProjects, signedInSession } from './renderConsole.tsx';
import { makeUser } from './userFixtures.ts';

// Mantine's autosizing Textarea listens to document.fonts, which jsdom lacks.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener() {}, removeEventListener() {} },
    configurable: true,
  });
}

export const route = (path: string, label: string): RouteEntry => ({
  path,
  label,
  purpose: `${label} screen`,
  icon: IconMessageCircle,
  placement: 'sidebar',
  screen: null as never,
});

/** An editor of project 1 with every authoring grant. */
export const authoringUser = (extra: CurrentUser['permissions']['role_grants'][string] = []): CurrentUser =>
  makeUser({}, [
    { method: 'GET', path: '/intents', project_env: null },
    { method: 'PUT', path: '/intents', project_env: null },
    { method: 'PUT', path: '/synonyms', project_env: null },
    { method: 'GET', path: '/run/train', project_env: null },
    { method: 'GET', path: '/entities', project_env: null },
    { method: 'PUT', path: '/entities/{id}', project_env: null },
    { method: 'GET', path: '/intents/unclassified', project_env: null },
    { method: 'POST', path: '/intents/{id}/mark-classified', project_env: null },
    ...extra,
  ]);

/** Let promises and React settle (no timers needed). */
export async function flush(): Promise<void> {
  for (let i = 0; i < 4; i++) {
    await act(async () => {
      for (let j = 0; j < 20; j++) await Promise.resolve();
    });
  }
}

export async function renderWithSession(children: ReactNode, user: CurrentUser = authoringUser()) {
  const { hook } = memoryLocation({ path: '/app/intents' });
  const view = render(
    <MantineProvider theme={theme} env="test">
      <Notifications />
      <ModalsProvider>
        <Router hook={hook}>
          <SessionActor.Provider
            logic={signedInSession(user)}
            options={{ input: { location: '/app/intents', inactivityHours: 8 } }}
          >
            <ProjectSelectionActor.Provider
              logic={fixedProjects([{ id: 1, name: 'Demo bot' }])}
              options={{ input: { requestedId: 1, canCreate: false } }}
            >
              <ConsoleCommandsActor.Provider>{children}</ConsoleCommandsActor.Provider>
            </ProjectSelectionActor.Provider>
          </SessionActor.Provider>
        </Router>
      </ModalsProvider>
    </MantineProvider>,
  );
  await flush();
  return view;
}

export const sampleIntents = (): Intent[] => [
  { id: 1, name: 'greeting', templates: ['hello', 'good morning'] },
  { id: 2, name: 'order_pizza', templates: ['I want a pizza'] },
  { id: 3, name: 'order_pizza [NEG]', templates: ["I don't want a pizza"] },
];

export const evaluationAnswer = (state: EvaluationAnswer['status']['state'] = 'done', jobId = 7): EvaluationAnswer => ({
  status: {
    state,
    job_id: jobId,
    error: state === 'failed' ? 'out of memory' : null,
    trained_at: null,
    evaluated_at: null,
    stale: false,
  },
  evaluation: {
    '1': {
      precision: 1,
      recall: 1,
      data: {
        hello: {
          template: 'hello',
          is_recognized: true,
          is_recognized_without_confidence: true,
          confidence: 0.9,
          prediction: 1,
          prediction_name: 'greeting',
        },
        'good morning': {
          template: 'good morning',
          is_recognized: true,
          is_recognized_without_confidence: true,
          confidence: 0.8,
          prediction: 1,
          prediction_name: 'greeting',
        },
      },
    },
    '2': {
      precision: 0.5,
      recall: 0.6667,
      data: {
        'I want a pizza': {
          template: 'I want a pizza',
          is_recognized: false,
          is_recognized_without_confidence: false,
          confidence: 0.4,
          prediction: 1,
          prediction_name: 'greeting',
        },
      },
    },
  },
  clashes: [],
  accuracy: 0.9,
  threshold: 0.45,
  threshold_choice: { chosen: 0.45, basis: 'default-floor', set_in_settings: false, accuracy_without_confidence: 0.95 },
});

/** The intents screen's machines with immediate fakes; a test replaces the one it walks. */
export function intentsLogic(
  intents: Intent[] = sampleIntents(),
  evaluation: EvaluationAnswer | null = evaluationAnswer(),
) {
  // biome-ignore lint/suspicious/noExplicitAny: one fake stands for calls with different inputs.
  const ok = fromPromise<unknown, any>(async () => ({ status: 'ok' as const }));
  return {
    intentsList: providedIntentsListMachine.provide({
      actors: {
        // Every intent but the first is some reaction's: the first shows "No reaction".
        loadIntents: fromPromise(async () => ({
          intents,
          evaluation,
          reacted: intents.slice(1).map((i) => i.id) as number[] | null,
        })),
        insertIntent: fromPromise(async () => ({ id: 100 })),
        renameIntent: fromPromise(async ({ input }) => ({ id: input.id })),
        deleteIntent: ok,
        exportIntents: ok,
        importIntents: ok,
      },
      actions: { notify: () => {}, notifyFailure: () => {} },
    }),
    templateEditing: providedTemplateEditingMachine.provide({
      actors: { addTemplate: ok, replaceTemplate: ok, deleteTemplate: ok },
      actions: { notify: () => {}, notifyFailure: () => {} },
    }),
    polarity: providedPolarityMachine.provide({
      actors: {
        createTwin: fromPromise(async () => ({ id: 101 })),
        deleteTwin: ok,
        negateTemplate: fromPromise(async () => 'I want a pizza'),
        addBoth: ok,
      },
      actions: { notify: () => {}, notifyFailure: () => {} },
    }),
    synonymsDraft: providedSynonymsDraftMachine.provide({
      actors: {
        loadSynonyms: fromPromise<Synonym[]>(async () => [{ id: 1, name: 'city', values: ['city', 'Prague'] }]),
        saveSynonyms: ok,
      },
      actions: { notify: () => {}, notifyFailure: () => {} },
    }),
    training: providedTrainingMachine.provide({
      actors: {
        submitTraining: fromPromise<TrainAnswer>(async () => ({
          status: 'ok' as const,
          job_id: 7,
          state: 'queued' as const,
        })),
        checkTraining: fromPromise(async () => evaluationAnswer()),
      },
      actions: { notify: () => {}, notifyFailure: () => {} },
    }),
  };
}

/** Records notices instead of showing them. */
export function noticeLog() {
  const titles: string[] = [];
  return {
    titles,
    notify: (_: unknown, params: { title: string; message?: string }) => {
      titles.push(params.message ? `${params.title} | ${params.message}` : params.title);
    },
    clear: () => titles.splice(0),
  };
}

/**
 * A deferred fake whose invocations also reveal the machine that invoked them: the screens create their actor
 * with useActorRef, so the test reaches it through the first invoked child (the load on start). The harness
 * then checks the view's actor is in the state the model expects at every step.
 */
export function parentRevealing<TOutput, TInput>(deferred: DeferredActor<TOutput, TInput>) {
  let parent: AnyActorRef | undefined;
  const logic = fromPromise<TOutput, TInput>((args) => {
    parent = (args.self as AnyActorRef & { _parent?: AnyActorRef })._parent;
    // fromPromise keeps its promise creator as `config`: the deferred fake settles as usual.
    const create = deferred.logic.config as (a: typeof args) => PromiseLike<TOutput>;
    return create(args);
  });
  return {
    logic,
    parent: (): AnyActorRef => {
      if (!parent) throw new Error('the view never invoked the actor');
      return parent;
    },
  };
}

/**
 * The notify action for a model test: logs the notice for the view's assertions and keeps its title in the
 * context (`notice`), so a refusal that changes nothing else is still a distinct state of the traversal and every
 * validation message gets its own path.
 */
export function recordingNotify(log: ReturnType<typeof noticeLog>) {
  return enqueueActions(({ enqueue }, params: Notice) => {
    enqueue.assign({ notice: params.title } as never);
    enqueue(() => log.notify(undefined, params));
  });
}

/** The title the recording notify kept in a snapshot's context (undefined before any notice). */
export const noticeOf = (context: object): string | undefined => (context as { notice?: string }).notice;

/**
 * Mounts a screen once the session knows the user and the project, as the console shell does: screens read
 * permissions (e.g. the entity editor's system flag) when they start.
 */
export function WhenSignedIn({ children }: { children: ReactNode }) {
  const user = SessionActor.useSelector((s) => s.context.user);
  const projectId = ProjectSelectionActor.useSelector((s) => s.context.projectId);
  return user && projectId !== null ? children : null;
}
