import { notifications } from '@mantine/notifications';
import { navigate } from 'wouter/use-hash-location';
import { changeMyPasswd, login, logout, validatePasswd } from '../api/auth.ts';
import {
  ApiError,
  configureApiClient,
  getApiScope,
  type Notice,
  resetApiClient,
  setApiScope,
  SkippedCallError,
} from '../api/client.ts';
import { intentsExportFileName } from '../api/contract/intents.ts';
import { deleteEntity, getEntities, insertEntity, updateEntity } from '../api/entities.ts';
import {
  deleteIntent,
  deleteIntentTemplate,
  getIntents,
  getIntentsExport,
  importIntents,
  insertIntent,
  insertIntentTemplate,
  putNegatedTemplate,
  stripStopwords,
  updateIntent,
} from '../api/intents.ts';
import type { Synonym } from '../api/contract/synonyms.ts';
import { getSynonyms, updateSynonyms } from '../api/synonyms.ts';
import { getEvaluation, reloadWorker, runTrain, trainAndWait } from '../api/training.ts';
import { classifyUnclassified, getUnclassifiedIntents, markClassified } from '../api/unclassified.ts';
import { getProjects, insertProject } from '../api/projects.ts';
import { getMe } from '../api/users.ts';
import { fromPromise } from 'xstate';
import { saveFile } from '../ui/saveFile.ts';
import { toBody as toEntityBody } from './entityEditor/draft.ts';
import { entityEditorMachine } from './entityEditor/machine.ts';
import { fallbackClassificationMachine } from './fallbackClassification/machine.ts';
import type { IntentsLoad } from './intentsList/actors.ts';
import { intentsListMachine } from './intentsList/machine.ts';
import { prepareSearch } from './intentsList/search.ts';
import { menuModeMachine } from './menuMode/machine.ts';
import { polarityMachine } from './polarity/machine.ts';
import { synonymsDraftMachine } from './synonymsDraft/machine.ts';
import { templateEditingMachine } from './templateEditing/machine.ts';
import { trainingMachine } from './training/machine.ts';
import { projectSelectionMachine } from './projectSelection/machine.ts';
import { LoginFailure } from './session/actors.ts';
import { sessionMachine } from './session/machine.ts';

/**
 * The one provider module: gives the machines their real side effects (the API client, wouter's hash
 * navigation, Mantine notifications). Tests provide fakes instead.
 */

export function showNotice(notice: Notice): void {
  notifications.show({
    title: notice.title,
    message: notice.message ?? '',
    color: notice.color,
    autoClose: notice.autoClose ?? (notice.color === 'red' ? 8000 : 4000),
  });
}

/** The page as the router sees it: hash path plus the query (project_id lives in the real query string). */
export function currentPage(): string {
  const path = `/${location.hash.replace(/^#?\/?/, '')}`;
  return `${path}${location.search}`;
}

export function navigateTo(to: string, replace = false): void {
  navigate(to, { replace });
}

/** Login failures the session machine distinguishes (spec 1 §8; 'otp_required' asks for the code). */
function toLoginFailure(error: unknown): LoginFailure {
  if (error instanceof ApiError) {
    if (error.status === 429) return new LoginFailure('suspended');
    const message =
      error.data && typeof error.data === 'object' && 'message' in error.data ? String(error.data.message) : '';
    if (error.status === 401 && message === 'otp_required') return new LoginFailure('otp_required');
  }
  return new LoginFailure('failed');
}

export const providedSessionMachine = sessionMachine.provide({
  actors: {
    fetchMe: fromPromise(() => getMe()),
    login: fromPromise(async ({ input }) => {
      try {
        const answer = await login({ email: input.email, passwd: input.passwd, otp: input.otp });
        return answer.user;
      } catch (error) {
        throw toLoginFailure(error);
      }
    }),
    logout: fromPromise(async () => {
      await logout();
    }),
    validatePassword: fromPromise(({ input }) => validatePasswd(input)),
    changePassword: fromPromise(async ({ input }) => {
      await changeMyPasswd(input.userId, input.passwd);
    }),
  },
  actions: {
    navigate: (_, params) => navigateTo(params.to, params.replace),
    notify: (_, params) => showNotice(params),
    publishUser: (_, params) => {
      if (params.user) setApiScope({ user: params.user });
      else resetApiClient();
    },
  },
});

/** Write project_id into the query; on a change of project drop conversation_id (spec 1 §2). */
export function writeProjectQuery(projectId: number | null, dropConversation: boolean): void {
  const params = new URLSearchParams(location.search);
  if (projectId === null) params.delete('project_id');
  else params.set('project_id', String(projectId));
  if (dropConversation) params.delete('conversation_id');
  const path = `/${location.hash.replace(/^#?\/?/, '').split('?')[0]}`;
  const search = params.toString();
  if (`?${search}` === location.search || (search === '' && location.search === '')) return;
  navigate(`${path}?${search}`, { replace: true });
}

export const providedProjectSelectionMachine = projectSelectionMachine.provide({
  actors: {
    loadProjects: fromPromise(() => getProjects()),
    createProject: fromPromise(({ input }) => insertProject({ name: input.name })),
    trainFirstModel: fromPromise(({ input, signal }) => trainAndWait(input.projectId, signal)),
  },
  actions: {
    notify: (_, params) => showNotice(params),
    publishProject: (_, params) => {
      setApiScope({ projectId: params.projectId });
      writeProjectQuery(params.projectId, params.changed);
    },
  },
});

export const providedMenuModeMachine = menuModeMachine.provide({
  actions: { navigate: (_, params) => navigateTo(params.to) },
});

/** Connect the API client's error table and pending count to the app. */
export function connectApiClient(handlers: {
  onSessionLost: (returnTo: string) => void;
  onPendingChange: (delta: 1 | -1) => void;
}): void {
  configureApiClient({
    notify: showNotice,
    onSessionLost: () => handlers.onSessionLost(currentPage()),
    onPendingChange: (_, delta) => handlers.onPendingChange(delta),
  });
}

// ---- Language-model authoring (intents, synonyms, entities, fallbacks, training) ----

/** A failed call's own message (validation refusals), unless the client's error table already told the user. */
export function notifyFailure(error: unknown, title?: string): void {
  if (error instanceof SkippedCallError) return;
  if (error instanceof ApiError && error.notified) return;
  const message = error instanceof Error ? error.message : String(error);
  if (title) showNotice({ title, message, color: 'red' });
  else showNotice({ title: message, color: 'red' });
}

const authoringActions = {
  notify: (_: unknown, params: Notice) => showNotice(params),
  notifyFailure: (_: unknown, params: { error: unknown; title?: string }) => notifyFailure(params.error, params.title),
};

const loadEvaluation = () => getEvaluation();

export const providedTrainingMachine = trainingMachine.provide({
  actors: { submitTraining: fromPromise(() => runTrain()), checkTraining: fromPromise(loadEvaluation) },
  actions: authoringActions,
});

export const providedIntentsListMachine = intentsListMachine.provide({
  actors: {
    loadIntents: fromPromise<IntentsLoad>(async () => {
      const [intents, evaluation] = await Promise.all([getIntents(), loadEvaluation()]);
      prepareSearch(intents);
      return { intents, evaluation };
    }),
    insertIntent: fromPromise(({ input }) => insertIntent(input.name)),
    renameIntent: fromPromise(({ input }) => updateIntent(input.id, input.name)),
    deleteIntent: fromPromise(({ input }) => deleteIntent(input.id)),
    exportIntents: fromPromise<unknown>(async () => {
      const csv = await getIntentsExport();
      saveFile(
        new Blob([csv], { type: 'text/csv;charset=utf-8' }),
        intentsExportFileName(getApiScope().projectId ?? 0),
      );
    }),
    importIntents: fromPromise(({ input }) => importIntents(input.file)),
  },
  actions: authoringActions,
});

export const providedTemplateEditingMachine = templateEditingMachine.provide({
  actors: {
    addTemplate: fromPromise(({ input }) => insertIntentTemplate(input.intentId, input.template)),
    replaceTemplate: fromPromise(({ input }) => insertIntentTemplate(input.intentId, input.template, input.replaces)),
    deleteTemplate: fromPromise(({ input }) => deleteIntentTemplate(input.intentId, input.template)),
  },
  actions: authoringActions,
});

export const providedPolarityMachine = polarityMachine.provide({
  actors: {
    createTwin: fromPromise(({ input }) => insertIntent(input.name)),
    deleteTwin: fromPromise(({ input }) => deleteIntent(input.id)),
    negateTemplate: fromPromise(async ({ input }) => (await putNegatedTemplate([input.template])).templates[0] ?? ''),
    addBoth: fromPromise(async ({ input }) => {
      await insertIntentTemplate(input.twinId, input.negative);
      await insertIntentTemplate(input.intentId, input.positive);
    }),
  },
  actions: authoringActions,
});

export const providedSynonymsDraftMachine = synonymsDraftMachine.provide({
  actors: {
    loadSynonyms: fromPromise<Synonym[]>(() => getSynonyms()),
    saveSynonyms: fromPromise(({ input }) => updateSynonyms(input.synonyms)),
  },
  actions: authoringActions,
});

export const providedEntityEditorMachine = entityEditorMachine.provide({
  actors: {
    loadEntities: fromPromise(() => getEntities()),
    saveEntities: fromPromise(async ({ input }) => {
      const ids: Record<number, number> = {};
      for (const draft of input.drafts) {
        const body = toEntityBody(draft);
        ids[draft.key] = (draft.id === undefined ? await insertEntity(body) : await updateEntity(draft.id, body)).id;
      }
      return ids;
    }),
    deleteEntity: fromPromise(({ input }) => deleteEntity(input.id)),
    reloadWorker: fromPromise<unknown>(() => reloadWorker()),
  },
  actions: authoringActions,
});

export const providedFallbackClassificationMachine = fallbackClassificationMachine.provide({
  actors: {
    loadFallbacks: fromPromise(async () => {
      const [page, intents] = await Promise.all([getUnclassifiedIntents({ limit: 500 }), getIntents()]);
      return { items: page.items, total: page.total, intents: intents.map(({ id, name }) => ({ id, name })) };
    }),
    suggestPhrase: fromPromise(async ({ input }) => (await stripStopwords(input.template)).preprocessed),
    classify: fromPromise(({ input }) => markClassified(input.id, input.intentId, input.template, input.keepAsTest)),
    classifyMany: fromPromise(({ input }) => classifyUnclassified(input.ids, input.intentId, input.keepAsTest)),
  },
  actions: authoringActions,
});
