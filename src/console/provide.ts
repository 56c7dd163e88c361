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
  callApi,
} from '../api/client.ts';
import { intentsExportFileName } from '../api/contract/intents.ts';
import { deleteEntity, getEntities, getProjectEntities, insertEntity, updateEntity } from '../api/entities.ts';
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
import { cloneCurrentProject, getProjects, insertProject } from '../api/projects.ts';
import { getMe } from '../api/users.ts';
import { fromPromise, fromCallback } from 'xstate';
import { saveFile } from '../ui/saveFile.ts';
import { toBody as toEntityBody } from '../machines/entityEditor/draft.ts';
import { entityEditorMachine } from '../machines/entityEditor/machine.ts';
import { fallbackClassificationMachine } from '../machines/fallbackClassification/machine.ts';
import type { IntentsLoad } from '../machines/intentsList/actors.ts';
import { intentsListMachine } from '../machines/intentsList/machine.ts';
import { prepareSearch } from '../machines/intentsList/search.ts';
import { menuModeMachine } from '../machines/menuMode/machine.ts';
import { polarityMachine } from '../machines/polarity/machine.ts';
import { synonymsDraftMachine } from '../machines/synonymsDraft/machine.ts';
import { templateEditingMachine } from '../machines/templateEditing/machine.ts';
import { trainingMachine } from '../machines/training/machine.ts';
import { projectSelectionMachine } from '../machines/projectSelection/machine.ts';
import { LoginFailure } from '../machines/session/actors.ts';
import { sessionMachine } from '../machines/session/machine.ts';
import { testAction } from '../api/contract/action-test-call.ts';
import { getActionCatalogue, getActions as getActionsCall, updateActions } from '../api/contract/actions.ts';
import { actionEditorMachine } from '../machines/actionEditor/machine.ts';
import {
  getSettings,
  getProjectToken,
  getLanguages,
  getPlatformSettings,
  getVoices,
  resetUserOtp,
  updatePlatformSettings,
  renewProjectToken,
  updateSettings,
} from '../api/settings.ts';
import { getTests, insertTest, runTest, deleteTest, getTestVocabulary, updateTest } from '../api/tests.ts';
import { provideChat } from '../machines/chat/providedChat.ts';
import { takeChatbotTestScreenshot } from '../api/chatbotTest.ts';
import { chatbotTestMachine } from '../machines/chatbotTest/machine.ts';
import { bundleUrl } from '../machines/chatbotTest/widgetFrame.ts';
import {
  deleteConversationNote,
  downloadConversationsCsv,
  getConversation,
  getConversations,
  saveConversationLabels,
  saveConversationNote,
} from '../api/conversations.ts';
import { getLabels, getAuditDeleted } from '../api/labels.ts';
import { getAuditChanges } from '../api/audit.ts';
import type { AuditedResource } from '../api/contract/audit.ts';
import { conversationLogsMachine } from '../machines/conversationLogs/machine.ts';
import type { LogsFilter } from '../machines/conversationLogs/filter.ts';
import { TEST_OK } from '../api/contract/tests.ts';
import { getDeployDiff, runDeploy, getDeployments } from '../api/deployments.ts';
import type { RunTestsInput } from '../machines/deployModal/actors.ts';
import type { DeployModalEvent } from '../machines/deployModal/events.ts';
import { deployModalMachine } from '../machines/deployModal/machine.ts';
import { deploymentsListMachine } from '../machines/deploymentsList/machine.ts';
import { getReactionScopes, updateReactionScopes } from '../api/contract/reaction-scopes.ts';
import { getReactions as getReactionsCall, type Reaction, updateReactions } from '../api/contract/reactions.ts';
import type { FlowData } from '../machines/flowEditor/actors.ts';
import { flowEditorMachine } from '../machines/flowEditor/machine.ts';
import { getActions } from '../api/actions.ts';
import { getReactions } from '../api/reactions.ts';
import type { ComparisonRequest, ComparisonResult } from '../machines/historyCompare/actors.ts';
import { historyCompareMachine } from '../machines/historyCompare/machine.ts';
import { type HistoryTab, tabPath } from '../machines/historyCompare/tabs.ts';
import { confirmOtp, disableOtp, enrolOtp } from '../api/otp.ts';
import { otpEnrolmentMachine } from '../machines/otpEnrolment/machine.ts';
import { classifyPhrases } from '../api/contract/triage.ts';
import { phraseTriageMachine } from '../machines/phraseTriage/machine.ts';
import { deleteCompany, getCompanies, saveCompany } from '../api/companies.ts';
import {
  deleteUser,
  getUsers,
  getUsersProjects,
  resetUserPassword,
  saveUser,
  saveUsersProjects,
} from '../api/usersAdmin.ts';
import { platformSettingsMachine } from '../machines/platformSettings/machine.ts';
import {
  deleteRole,
  getPermissionResources,
  getPermissions,
  getRoles,
  insertRole,
  saveRolesPermissions,
} from '../api/roles.ts';
import { roleEditingMachine } from '../machines/roleEditing/machine.ts';
import { childTestRun, type TestsLoad } from '../machines/runAllTests/actors.ts';
import { runAllTestsMachine } from '../machines/runAllTests/machine.ts';
import type { SettingsUpdate } from '../api/contract/settings.ts';
import { settingsFormMachine } from '../machines/settingsForm/machine.ts';
import { getSsoConfig, ssoCallback, ssoLogin } from '../api/sso.ts';
import { ssoLoginMachine } from '../machines/ssoLogin/machine.ts';
import { deleteFile, downloadFile, getStorage, uploadFile } from '../api/storage.ts';
import { storageUploadMachine } from '../machines/storageUpload/machine.ts';
import { testRunMachine } from '../machines/testRun/machine.ts';
import { downloadUsersLogsCsv, getUsersLogs } from '../api/usersLogs.ts';
import { dashboardMachine } from '../machines/dashboard/machine.ts';
import { startupMachine } from '../machines/startup/machine.ts';
import { getStats } from '../api/stats.ts';
import { FALLBACKS_PAGE_LIMIT, loadStartup } from './startupLoads.ts';
import { usersAdminMachine } from '../machines/usersAdmin/machine.ts';
import { commandPaletteMachine } from '../machines/commandPalette/machine.ts';
import { usersLogsMachine } from '../machines/usersLogs/machine.ts';
import {
  deleteOutboundCampaign,
  downloadOutboundCampaignReport,
  getOutboundCampaignCalls,
  getOutboundCampaigns,
  saveOutboundCampaign,
  setOutboundCampaignState,
  uploadOutboundCalls,
} from '../api/outbound.ts';
import { callImportMachine } from '../machines/callImport/machine.ts';
import { campaignMachine } from '../machines/campaign/machine.ts';
import { outboundScreenMachine } from '../machines/outboundScreen/machine.ts';
import {
  deleteKnowledge,
  getKnowledges,
  getReindexStatus,
  importKnowledgeCsv,
  importKnowledgeFile,
  importKnowledgeUrl,
  insertKnowledge,
  runReindex,
  searchKnowledge,
  updateKnowledge,
} from '../api/knowledges.ts';
import {
  deleteQaTraining,
  exportQaTrainings,
  getQaEvaluation,
  getQaTrainings,
  importQaTrainings,
  runQaEvaluation,
  saveQaTraining,
} from '../api/qaTrainings.ts';
import { qaTrainingsExportFileName } from '../api/contract/qa-trainings.ts';
import { entryLabel } from '../machines/knowledgeEntries/label.ts';
import { knowledgeEntriesMachine } from '../machines/knowledgeEntries/machine.ts';
import { knowledgeImportMachine } from '../machines/knowledgeImport/machine.ts';
import type { JobAnswer } from '../machines/knowledgeJob/actors.ts';
import { knowledgeJobMachine } from '../machines/knowledgeJob/machine.ts';
import { knowledgeQuestionMachine } from '../machines/knowledgeQuestion/machine.ts';
import { knowledgeScreenMachine } from '../machines/knowledgeScreen/machine.ts';
import { qaTrainingsMachine } from '../machines/qaTrainings/machine.ts';
import { qaTrainingsScreenMachine } from '../machines/qaTrainingsScreen/machine.ts';

/*
 * The console's one provider module: every machine of the console gets its real effects here (the API client,
 * wouter's hash navigation, Mantine notifications, the browser). Tests provide fakes instead. The widget has its
 * own (src/widget/provide.ts).
 */

// ---- shared ----

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
    createProject: fromPromise(({ input }) =>
      input.cloneOf ? cloneCurrentProject(input.name) : insertProject({ name: input.name }),
    ),
    trainFirstModel: fromPromise(({ input, signal }) => trainAndWait(input.projectId, signal)),
    startup: startupMachine.provide({ actors: { loadStartup: fromPromise(() => loadStartup()) } }),
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
      const [page, intents] = await Promise.all([
        getUnclassifiedIntents({ limit: FALLBACKS_PAGE_LIMIT }),
        getIntents(),
      ]);
      return { items: page.items, total: page.total, intents: intents.map(({ id, name }) => ({ id, name })) };
    }),
    suggestPhrase: fromPromise(async ({ input }) => (await stripStopwords(input.template)).preprocessed),
    classify: fromPromise(({ input }) => markClassified(input.id, input.intentId, input.template, input.keepAsTest)),
    classifyMany: fromPromise(({ input }) => classifyUnclassified(input.ids, input.intentId, input.keepAsTest)),
  },
  actions: authoringActions,
});

// ---- actionEditor ----

/** The actions screen's machine with its real side effects (beside the machine, so the screen's chunk carries it). */
export const providedActionEditorMachine = actionEditorMachine.provide({
  actors: {
    loadActions: fromPromise(async () => {
      const [actions, catalogue] = await Promise.all([callApi(getActionsCall), callApi(getActionCatalogue)]);
      return { actions, catalogue };
    }),
    // 400 ("used by reaction X", duplicate names) is shown in the form rather than as a bare 'Error!'.
    saveActions: fromPromise(({ input }) => callApi(updateActions, { body: input.actions, expectedStatuses: [400] })),
    testAction: fromPromise(({ input }) =>
      callApi(testAction, { params: { id: input.id }, body: input.body, expectedStatuses: [400, 404] }),
    ),
  },
  actions: {
    notify: (_, params) => showNotice(params),
  },
});

// ---- chat ----

/** The console's chat test window: the session's calls on the working draft, with intent and confidence. */
export const providedChatMachine = provideChat(
  { kind: 'session' },
  {
    loadClientStyle: () =>
      getSettings()
        .then((s) => s.chatbot_client_scss ?? '')
        .catch(() => ''),
    // Converting a conversation to a test: the existing names (uniqueness) and PUT /tests/-1.
    tests: {
      loadTestNames: async () => (await getTests()).map((t) => t.name),
      createTest: (test) => insertTest(test),
    },
    loadProjectEntities: getProjectEntities,
    notify: (notice) =>
      showNotice({
        title: notice.text,
        color: notice.tone === 'error' ? 'red' : notice.tone === 'success' ? 'green' : 'blue',
      }),
  },
);

// ---- chatbotTest ----

/** The chatbot test machine with its real side effects: the settings, the token and the screenshot call. */
export const providedChatbotTestMachine = chatbotTestMachine.provide({
  actors: {
    loadWidget: fromPromise(async () => {
      const [settings, token] = await Promise.all([getSettings(), getProjectToken()]);
      return {
        bundleSrc: bundleUrl(settings.chatbot_base_url, window.location.origin),
        token: token.token,
        projectId: settings.id,
      };
    }),
    takeScreenshot: fromPromise(async ({ input }) => {
      const shot = await takeChatbotTestScreenshot(input);
      return `data:${shot.content_type};base64,${shot.base64_raw}`;
    }),
  },
});

// ---- conversationLogs ----

/** `conversation_id` sits beside project_id in the page's query string (hash routing keeps the path in the hash). */
export function writeConversationQuery(conversationId: number | null): void {
  const params = new URLSearchParams(location.search);
  if (conversationId === null) params.delete('conversation_id');
  else params.set('conversation_id', String(conversationId));
  const search = params.toString();
  if ((search ? `?${search}` : '') === location.search) return;
  history.replaceState(history.state, '', `${location.pathname}${search ? `?${search}` : ''}${location.hash}`);
}

/** The logs' conversation asked for by the page's query, if it is an id. */
export function requestedConversationId(): number | null {
  const raw = typeof location === 'undefined' ? null : new URLSearchParams(location.search).get('conversation_id');
  return raw && /^\d{1,10}$/.test(raw) ? Number(raw) : null;
}

/** Query parameters a link to the logs may carry to filter them (the dashboard's charts). */
const LOGS_FILTER_PARAMS = { date_from: 'dateFrom', date_to: 'dateTo', env: 'env', text: 'text' } as const;

/** Opens the conversation logs filtered: the period as days, the environment, and words to find. */
export function openLogsFiltered(filter: Partial<Pick<LogsFilter, 'dateFrom' | 'dateTo' | 'env' | 'text'>>): void {
  const params = new URLSearchParams(location.search);
  for (const [param, field] of Object.entries(LOGS_FILTER_PARAMS)) {
    const value = filter[field];
    if (value) params.set(param, value);
    else params.delete(param);
  }
  params.delete('conversation_id');
  navigateTo(`/app/logs?${params}`);
}

/** The filter a link asked for, taken once: the parameters leave the address so a later visit starts unfiltered. */
export function takeRequestedLogsFilter(): Partial<LogsFilter> {
  const params = new URLSearchParams(location.search);
  const filter: Partial<LogsFilter> = {};
  const day = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined);
  const dateFrom = day(params.get('date_from'));
  const dateTo = day(params.get('date_to'));
  const env = params.get('env');
  const text = params.get('text');
  if (dateFrom) filter.dateFrom = dateFrom;
  if (dateTo) filter.dateTo = dateTo;
  if (env === 'draft' || env === 'dev' || env === 'prod') filter.env = env;
  if (text) filter.text = text.slice(0, 200);
  if (Object.keys(LOGS_FILTER_PARAMS).some((p) => params.has(p))) {
    for (const p of Object.keys(LOGS_FILTER_PARAMS)) params.delete(p);
    const search = params.toString();
    history.replaceState(history.state, '', `${location.pathname}${search ? `?${search}` : ''}${location.hash}`);
  }
  return filter;
}

/** The logs machine with its real side effects: the API, Mantine notifications, a browser download. */
export const providedConversationLogsMachine = conversationLogsMachine.provide({
  actors: {
    loadLabels: fromPromise(() => getLabels()),
    loadPage: fromPromise(({ input }) => getConversations(input)),
    exportCsv: fromPromise(async ({ input }) => {
      const { blob, fileName } = await downloadConversationsCsv(input);
      saveFile(blob, fileName);
    }),
    loadConversation: fromPromise(({ input }) => getConversation(input.id)),
    saveNote: fromPromise(({ input }) => saveConversationNote(input.id ?? -1, input.conversationId, input.text)),
    deleteNote: fromPromise(({ input }) => deleteConversationNote(input.id)),
    saveLabels: fromPromise(({ input }) => saveConversationLabels(input.id, input.labels)),
  },
  actions: {
    notify: (_, params) => showNotice(params),
    notifyFailure: (_, params) => notifyFailure(params.error, params.title),
    showInQuery: (_, params) => writeConversationQuery(params.conversationId),
  },
});

// ---- deployModal ----

/** Runs at once: the server spreads them over its runner threads. */
const CONCURRENT_RUNS = 2;

const runTests = fromCallback<{ type: 'never' }, RunTestsInput>(({ input, sendBack }) => {
  let stopped = false;
  const queue = [...input.tests];
  const worker = async () => {
    for (let test = queue.shift(); test && !stopped; test = queue.shift()) {
      sendBack({ type: 'test.running', id: test.id } satisfies DeployModalEvent);
      try {
        const answer = await runTest(test.id);
        if (!stopped)
          sendBack({ type: 'test.settled', id: test.id, ok: answer.result === TEST_OK, result: answer.result });
      } catch (error) {
        if (!stopped)
          sendBack({
            type: 'test.settled',
            id: test.id,
            ok: false,
            result: error instanceof Error ? error.message : String(error),
          });
      }
    }
  };
  for (let i = 0; i < CONCURRENT_RUNS; i++) void worker();
  return () => {
    stopped = true;
  };
});

export const providedDeployModalMachine = deployModalMachine.provide({
  actors: {
    loadDiff: fromPromise(({ input }) => getDeployDiff(input.env, input.rollbackOf)),
    train: fromPromise(({ signal }) => trainAndWait(null, signal)),
    loadTests: fromPromise(async () => (await getTests()).map(({ id, name }) => ({ id, name }))),
    runTests,
    deploy: fromPromise(({ input }) => runDeploy(input.env, input.message, input.rollbackOf)),
  },
  actions: { notify: (_, params) => showNotice(params) },
});

// ---- deploymentsList ----

export const providedDeploymentsListMachine = deploymentsListMachine.provide({
  actors: { loadDeployments: fromPromise(({ input }) => getDeployments(input)) },
});

// ---- flowEditor ----

/** A reference list the user may not be allowed to read is simply empty (the server checks on save). */
const orEmpty = <T>(load: Promise<T[]>): Promise<T[]> =>
  load.catch((error: unknown) => {
    if (error instanceof SkippedCallError) return [];
    throw error;
  });

/** Someone else's change found while saving scopes: handled like the server's 409. */
class ReactionsChangedError extends Error {
  readonly status = 409;
}

const comparable = (list: Reaction[]) =>
  JSON.stringify(
    [...list]
      .sort((a, b) => a.id - b.id)
      .map((r) => [r.id, r.name, r.condition, r.intents, r.priority, r.reactions_scopes_id, r.actions]),
  );

/**
 * The flow editor with its real side effects. It sits beside the machine (like roleEditing) so the graph
 * editor's chunk carries it.
 */
export const providedFlowEditorMachine = flowEditorMachine.provide({
  actors: {
    loadFlow: fromPromise<FlowData>(async () => {
      const [reactions, scopes, catalogue, intents, entities, actions, projects] = await Promise.all([
        callApi(getReactionsCall),
        callApi(getReactionScopes),
        callApi(getActionCatalogue),
        orEmpty(getIntents()),
        orEmpty(getEntities()),
        orEmpty(callApi(getActionsCall)),
        orEmpty(getProjects()),
      ]);
      return {
        reactions,
        scopes,
        catalogue,
        intents: intents.map((i) => i.name).sort((a, b) => a.localeCompare(b)),
        entities: entities.map((e) => e.name).sort((a, b) => a.localeCompare(b)),
        projectActions: actions.map((a) => a.name),
        projects: projects.map(({ id, name }) => ({ id, name })),
      };
    }),
    // 400 names the reaction: the editor shows it, the client's generic 'Error!' would hide it.
    saveReactions: fromPromise(({ input }) =>
      callApi(updateReactions, { body: input.reactions, expectedStatuses: [400] }),
    ),
    saveScopes: fromPromise(async ({ input }) => {
      const scopes = await callApi(updateReactionScopes, { body: input.scopes, expectedStatuses: [400] }).catch(
        (error: unknown) => {
          notifyFailure(error, 'Reaction scopes not saved');
          throw error;
        },
      );
      if (input.renames.length) {
        // The server renamed change_scope steps and moved the reactions' atime: read it back, and make sure
        // nothing but our rename changed (else it is someone else's save: a conflict).
        const now = await callApi(getReactionsCall);
        if (comparable(now) !== comparable(input.expectedReactions)) throw new ReactionsChangedError('Conflict');
      }
      return { scopes };
    }),
  },
  actions: {
    notify: (_, params) => showNotice(params),
  },
});

// ---- historyCompare ----

/** `GET /v1/{resource}?mtime=T` of each tab. */
const readAt: Record<HistoryTab, (mtime: number) => Promise<unknown>> = {
  reactions: getReactions,
  intents: getIntents,
  actions: getActions,
  entities: getEntities,
  settings: getSettings,
  knowledges: getKnowledges,
};

/** The history machine with its real side effects: the resource reads at both times, its changes in between, and the audit of deletions. */
export const providedHistoryCompareMachine = historyCompareMachine.provide({
  actors: {
    loadComparison: fromPromise<ComparisonResult, ComparisonRequest>(async ({ input }) => {
      const read = readAt[input.tab];
      const [snapshots, deleted] = await Promise.all([
        input.loadTab
          ? Promise.all([
              read(input.fromMtime),
              read(input.toMtime),
              getAuditChanges(tabPath(input.tab) as AuditedResource, input.fromMtime, input.toMtime),
            ]).then(([before, after, changes]) => ({ before, after, changes }))
          : undefined,
        input.loadDeleted ? getAuditDeleted(input.fromMtime) : undefined,
      ]);
      return { snapshots, deleted };
    }),
  },
});

// ---- otpEnrolment ----

/** The one-time code dialog with its real side effects. */
export const providedOtpEnrolmentMachine = otpEnrolmentMachine.provide({
  actors: {
    enrol: fromPromise(() => enrolOtp()),
    confirm: fromPromise(async ({ input }) => {
      await confirmOtp(input.otp);
    }),
    disable: fromPromise(async ({ input }) => {
      await disableOtp(input.otp);
    }),
  },
  actions: {
    notify: (_, params) => showNotice(params),
  },
});

// ---- phraseTriage ----

export const providedPhraseTriageMachine = phraseTriageMachine.provide({
  actors: {
    loadIntents: fromPromise(async () => (await getIntents()).map(({ id, name }) => ({ id, name }))),
    classifyPhrases: fromPromise(({ input }) =>
      callApi(classifyPhrases, {
        body: { phrases: input.phrases, intent_id: input.intentId, keep_as_test: input.keepAsTest },
      }),
    ),
  },
  actions: {
    notify: (_, params) => showNotice(params),
    notifyFailure: (_, params) => notifyFailure(params.error),
  },
});

// ---- platformSettings ----

/** The platform-settings machine with its real side effects: the API and Mantine notifications. */
export const providedPlatformSettingsMachine = platformSettingsMachine.provide({
  actors: {
    load: fromPromise(async () => {
      const [policy, companies, languages, voices, users] = await Promise.all([
        getPlatformSettings(),
        getCompanies(),
        getLanguages(),
        getVoices(),
        // Without the users grant the list is simply empty.
        getUsers().catch(() => []),
      ]);
      return { policy, companies, languages, voices, users };
    }),
    perform: fromPromise(async ({ input }) => {
      switch (input.kind) {
        case 'policy':
          await updatePlatformSettings(input.policy);
          return {};
        case 'company.save':
          await saveCompany(input.id, input.name);
          return {};
        case 'company.delete':
          await deleteCompany(input.id);
          return {};
        case 'user.resetPassword':
          return { password: (await resetUserPassword(input.id)).password };
        case 'user.resetOtp':
          await resetUserOtp(input.id);
          return {};
      }
    }),
  },
  actions: { notify: (_, params) => showNotice(params) },
});

// ---- roleEditing ----

/**
 * The role-editing machine with its real side effects (API client, notifications, page reload). It sits beside
 * the machine rather than in src/machines/provide.ts so the roles screen's chunk carries it; the shape is the same.
 */
export const SELECTED_ROLE_KEY = 'roles.selectedRoleId';

/**
 * The role that was in view just before the reload. Read, not removed: React's strict mode renders twice, and only a
 * fresh value (seconds old) counts, so a later visit to the screen starts as usual.
 */
export function takeSelectedRoleId(now = Date.now()): number | null {
  const [id, at] = (sessionStorage.getItem(SELECTED_ROLE_KEY) ?? '').split('@');
  return id && /^\d+$/.test(id) && now - Number(at) < 10_000 ? Number(id) : null;
}

export const providedRoleEditingMachine = roleEditingMachine.provide({
  actors: {
    loadRoles: fromPromise(async () => {
      const [roles, permissions, groups, users, projects, sso] = await Promise.all([
        getRoles(),
        getPermissions(),
        getPermissionResources(),
        getUsers(),
        getUsersProjects(),
        getSsoConfig(),
      ]);
      return { roles, permissions, groups, users, projects, assignmentsFromDirectory: sso.roles_from_directory };
    }),
    createRole: fromPromise(({ input }) => insertRole(input.name)),
    deleteRole: fromPromise(({ input }) => deleteRole(input.roleId)),
    saveRolePermissions: fromPromise(({ input }) => saveRolesPermissions(input.roles)),
    saveProjectMembers: fromPromise(({ input }) => saveUsersProjects(input.projects)),
  },
  actions: {
    notify: (_, params) => showNotice(params),
    reloadPage: ({ context }) => {
      // Keeps the selected role in view across the reload the spec asks for.
      if (context.selectedRoleId !== null)
        sessionStorage.setItem(SELECTED_ROLE_KEY, `${context.selectedRoleId}@${Date.now()}`);
      window.location.reload();
    },
  },
});

// ---- testRun ----

/** A test's run with the real GET /run/test/{id}; per-test notices unless Run all asked for quiet. */
export const providedTestRunMachine = testRunMachine.provide({
  actors: { runTest: fromPromise(({ input }) => runTest(input.testId)) },
  actions: {
    notify: (_, { quiet, ...notice }) => {
      if (!quiet) showNotice(notice);
    },
  },
});

// ---- runAllTests ----

/** The tests screen with the real calls. */
export const providedRunAllTestsMachine = runAllTestsMachine.provide({
  actors: {
    loadTests: fromPromise<TestsLoad>(async () => {
      const [tests, vocabulary] = await Promise.all([getTests(), getTestVocabulary()]);
      return { tests, vocabulary };
    }),
    saveTest: fromPromise(({ input }) =>
      input.id === null ? insertTest(input.body) : updateTest(input.id, input.body),
    ),
    removeTest: fromPromise(({ input }) => deleteTest(input.id)),
    testRun: childTestRun(providedTestRunMachine),
  },
  actions: {
    notify: (_, params) => showNotice(params),
    notifyFailure: (_, params) => notifyFailure(params.error),
  },
});

// ---- settingsForm ----

/**
 * The settings form with its real side effects. Beside the machine (like roleEditing) so the settings screen's
 * chunk carries it. 409 is told by the client's error table; 400/500 by the machine's 'Error!' 'Cannot save state.'.
 */
export const providedSettingsFormMachine = settingsFormMachine.provide({
  actors: {
    loadSettings: fromPromise(async () => {
      const [settings, voices, languages] = await Promise.all([getSettings(), getVoices(), getLanguages()]);
      return { settings, voices, languages };
    }),
    saveSettings: fromPromise(async ({ input }) => {
      try {
        return await updateSettings(input.changes as SettingsUpdate);
      } catch (error) {
        if (error instanceof ApiError) throw { status: error.status, message: error.message };
        throw error;
      }
    }),
    renewToken: fromPromise(() => renewProjectToken()),
  },
  actions: { notify: (_, params) => showNotice(params) },
});

// ---- ssoLogin ----

/** Single sign-on with its real side effects: the API and whole-page navigation (to the provider and back in). */
export const providedSsoLoginMachine = ssoLoginMachine.provide({
  actors: {
    loadConfig: fromPromise(async () => ({ enabled: (await getSsoConfig()).enabled })),
    start: fromPromise(() => ssoLogin()),
    complete: fromPromise(async ({ input }) => {
      await ssoCallback(input);
    }),
  },
  actions: {
    redirect: (_, params) => location.assign(params.url),
    enterConsole: () => location.replace(`${location.origin}${location.pathname}#/app/dashboard`),
    notify: (_, params) => showNotice(params),
  },
});

// ---- storageUpload ----

/** The storage machine with its real side effects: the API, Mantine notifications, a browser download. */
export const providedStorageUploadMachine = storageUploadMachine.provide({
  actors: {
    loadFiles: fromPromise(() => getStorage()),
    uploadFile: fromPromise(({ input }) => uploadFile(input.file)),
    deleteFile: fromPromise(async ({ input }) => {
      await deleteFile(input.name);
    }),
  },
  actions: {
    notify: (_, params) => showNotice(params),
    download: (_, params) => {
      downloadFile(params.name).catch(() => showNotice({ title: 'Cannot download file!', color: 'red' }));
    },
  },
});

// ---- dashboard ----

/** The dashboard's statistics with the real GET /v1/stats. */
export const providedDashboardMachine = dashboardMachine.provide({
  actors: { loadStats: fromPromise(({ input }) => getStats(input)) },
});

// ---- usersAdmin ----

/** The users machine with its real side effects: the API and Mantine notifications. */
export const providedUsersAdminMachine = usersAdminMachine.provide({
  actors: {
    loadUsers: fromPromise(() => getUsers()),
    saveUser: fromPromise(({ input }) =>
      saveUser(input.id ?? -1, {
        name: input.name,
        email: input.email,
        ...(input.id === null ? {} : { active: input.active }),
      }),
    ),
    applyChange: fromPromise(async ({ input }) => {
      if (input.kind === 'delete') {
        await deleteUser(input.user.id);
        return {};
      }
      return { password: (await resetUserPassword(input.user.id)).password };
    }),
  },
  actions: { notify: (_, params) => showNotice(params) },
});

// ---- usersLogs ----

/** The users-log machine with its real side effects: the API, a browser download, Mantine notifications. */
export const providedUsersLogsMachine = usersLogsMachine.provide({
  actors: {
    loadPage: fromPromise(({ input }) => getUsersLogs(input)),
    download: fromPromise(async ({ input }) => {
      const { blob, fileName } = await downloadUsersLogsCsv(input);
      saveFile(blob, fileName);
    }),
  },
  actions: { notify: (_, params) => showNotice(params) },
});

// ---- commandPalette ----

const namesOf = (items: Array<{ id: number; name: string }>) => items.map(({ id, name }) => ({ id, name }));

/** The palette's intents, reactions and tests: only the lists the user may read are asked for. */
export const providedCommandPaletteMachine = commandPaletteMachine.provide({
  actors: {
    loadEntries: fromPromise(async ({ input }) => {
      const [intents, reactions, tests, knowledge] = await Promise.all([
        input.intents ? getIntents() : [],
        input.reactions ? getReactions() : [],
        input.tests ? getTests() : [],
        input.knowledge ? getKnowledges() : [],
      ]);
      return {
        intents: namesOf(intents),
        reactions: namesOf(reactions),
        tests: namesOf(tests),
        knowledge: knowledge.map((e) => ({ id: e.id, name: entryLabel(e) })),
      };
    }),
  },
});

// ---- knowledge base and QA trainings (issue 16) ----

const knowledgeActions = {
  notify: (_: unknown, params: Notice) => showNotice(params),
  notifyFailure: (_: unknown, params: { error: unknown }) => notifyFailure(params.error),
};

/** The knowledge base screen's charts with their real calls. */
export const providedKnowledgeScreenMachine = knowledgeScreenMachine.provide({
  actors: {
    entries: knowledgeEntriesMachine.provide({
      actors: {
        loadEntries: fromPromise(() => getKnowledges()),
        saveEntry: fromPromise(({ input: { id, ...body } }) =>
          id === null ? insertKnowledge(body) : updateKnowledge(id, body),
        ),
        deleteEntry: fromPromise(({ input }) => deleteKnowledge(input.id)),
      },
      actions: knowledgeActions,
    }),
    importer: knowledgeImportMachine.provide({
      actors: {
        loadFiles: fromPromise(() => getStorage()),
        importKnowledge: fromPromise(async ({ input }) => {
          if (input.source === 'csv') return { message: (await importKnowledgeCsv(input.csv)).message };
          const entry =
            input.source === 'url' ? await importKnowledgeUrl(input.url) : await importKnowledgeFile(input.file);
          return { message: entry.title || entry.link || entry.file || '' };
        }),
      },
      actions: knowledgeActions,
    }),
    reindex: knowledgeJobMachine.provide({
      actors: {
        loadStatus: fromPromise<JobAnswer>(async () => {
          const status = await getReindexStatus();
          return { status, detail: status };
        }),
        submitJob: fromPromise(async () => ({ job_id: (await runReindex()).job_id })),
      },
      actions: knowledgeActions,
    }),
    question: knowledgeQuestionMachine.provide({
      actors: { search: fromPromise(({ input }) => searchKnowledge(input.question)) },
    }),
  },
});

/** The QA trainings screen's charts with their real calls. */
export const providedQaTrainingsScreenMachine = qaTrainingsScreenMachine.provide({
  actors: {
    trainings: qaTrainingsMachine.provide({
      actors: {
        loadTrainings: fromPromise(async () => {
          const [trainings, entries] = await Promise.all([getQaTrainings(), orEmpty(getKnowledges())]);
          return { trainings, entries: entries.map((e) => ({ id: e.id, label: entryLabel(e) })) };
        }),
        saveTraining: fromPromise(({ input: { id, ...body } }) => saveQaTraining(id, body)),
        deleteTraining: fromPromise(({ input }) => deleteQaTraining(input.id)),
        importTrainings: fromPromise(async ({ input }) => ({ message: (await importQaTrainings(input.file)).message })),
        exportTrainings: fromPromise<unknown>(async () => {
          const csv = await exportQaTrainings();
          saveFile(
            new Blob([csv], { type: 'text/csv;charset=utf-8' }),
            qaTrainingsExportFileName(getApiScope().projectId ?? 0),
          );
        }),
      },
      actions: knowledgeActions,
    }),
    evaluation: knowledgeJobMachine.provide({
      actors: {
        loadStatus: fromPromise<JobAnswer>(async () => {
          const { status, result } = await getQaEvaluation();
          return { status, detail: result };
        }),
        submitJob: fromPromise(async () => ({ job_id: (await runQaEvaluation()).job_id })),
      },
      actions: knowledgeActions,
    }),
  },
});

// ---- outbound (campaign modal, call-list import, screen) ----

/** The add/edit campaign modal with the real PUT /outbound/campaigns/{id|-1}. */
export const providedCampaignMachine = campaignMachine.provide({
  actors: { saveCampaign: fromPromise(({ input }) => saveOutboundCampaign(input.id, input.body)) },
  actions: { notify: (_, params) => showNotice(params) },
});

/** The call-list import with the real multipart upload. */
export const providedCallImportMachine = callImportMachine.provide({
  actors: { uploadCalls: fromPromise(({ input }) => uploadOutboundCalls(input.campaignId, input.file)) },
  actions: { notify: (_, params) => showNotice(params) },
});

/** The outbound screen with the real calls, a browser download for the report, and Mantine notifications. */
export const providedOutboundScreenMachine = outboundScreenMachine.provide({
  actors: {
    loadCampaigns: fromPromise(async ({ input }) => {
      const [campaigns, calls] = await Promise.all([
        getOutboundCampaigns(),
        input.selectedId === null ? null : getOutboundCampaignCalls(input.selectedId),
      ]);
      return {
        campaigns,
        calls: input.selectedId === null || !calls ? null : { campaignId: input.selectedId, list: calls },
      };
    }),
    deleteCampaign: fromPromise(({ input }) => deleteOutboundCampaign(input.id)),
    setCampaignState: fromPromise(({ input }) => setOutboundCampaignState(input.id, input.state)),
    downloadReport: fromPromise(async ({ input }) => {
      const { blob, fileName } = await downloadOutboundCampaignReport(input.id);
      saveFile(blob, fileName);
    }),
  },
  actions: {
    notify: (_, params) => showNotice(params),
    notifyFailure: (_, params) => notifyFailure(params.error, params.title),
  },
});
