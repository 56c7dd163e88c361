import { ApiError, callApi, SkippedCallError } from '../api/client.ts';
import { getActions } from '../api/contract/actions.ts';
import type { CallDefinition } from '../api/contract/call.ts';
import { getCompanies } from '../api/contract/companies.ts';
import { getDeployments } from '../api/contract/deployments.ts';
import { getEntities } from '../api/contract/entities.ts';
import { getIntents } from '../api/contract/intents.ts';
import { getLabels } from '../api/contract/labels.ts';
import { getLanguages, getVoices } from '../api/contract/platform.ts';
import { getReactionScopes } from '../api/contract/reaction-scopes.ts';
import { getOutboundCampaigns } from '../api/contract/outbound.ts';
import { getReactions } from '../api/contract/reactions.ts';
import { getProjectToken, getSettings } from '../api/contract/settings.ts';
import { getStats } from '../api/contract/stats.ts';
import { getSynonyms } from '../api/contract/synonyms.ts';
import { getTests } from '../api/contract/tests.ts';
import { getEvaluation } from '../api/contract/training.ts';
import { getUnclassifiedIntents } from '../api/contract/unclassified.ts';
import { getUsers } from '../api/contract/users-admin.ts';
import { clearStartup } from '../api/startupCache.ts';
import { presetPeriod, todayIn } from '../machines/dashboard/period.ts';
import { emptyFilter, filterQuery } from '../machines/deploymentsList/filter.ts';
import { FALLBACKS_PAGE_LIMIT } from '../machines/fallbackClassification/actors.ts';
import type { StartupSummary } from '../machines/startup/actors.ts';

type StartupLoad = {
  call: CallDefinition;
  query?: Record<string, string | number | boolean | null | undefined>;
};

/** The browser's time zone, as the dashboard reads it: its days are the user's own. */
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/**
 * The dashboard's first statistics call: production over its default period (the last 7 days to today) in the
 * browser's time zone (a user without production's statistics is refused it and skips it). A test holds it to
 * the dashboard chart's first request.
 */
export function dashboardStatsQuery(now: Date = new Date(), tz: string = browserTimeZone()) {
  const { from, to } = presetPeriod('7d', todayIn(tz, now));
  return { project_env: 'prod' as const, from, to, tz };
}

/**
 * Spec 2 §7 "Startup loads", as this console has them, each with the query its screen sends (a screen is served
 * only the answer to its own call): stats as the dashboard first asks for them, and the outbound campaigns. Not
 * here: knowledges (the knowledge screen pages and searches its own) and projects (the project-selection chart has
 * just loaded them).
 */
export const startupLoads = (now: Date = new Date()): ReadonlyArray<StartupLoad> => [
  { call: getStats, query: dashboardStatsQuery(now) },
  { call: getOutboundCampaigns },
  { call: getReactions },
  { call: getSettings },
  { call: getIntents },
  { call: getEvaluation },
  { call: getUnclassifiedIntents, query: { limit: FALLBACKS_PAGE_LIMIT } },
  { call: getReactionScopes },
  { call: getActions },
  { call: getEntities },
  { call: getTests },
  { call: getDeployments, query: { ...filterQuery(emptyFilter) } },
  { call: getSynonyms },
  { call: getProjectToken },
  { call: getLabels },
  { call: getLanguages },
  { call: getVoices },
  { call: getUsers },
  { call: getCompanies },
];

/** Runs the loads side by side; a call the user may not make is skipped, one that fails is listed. */
export async function loadStartup(): Promise<StartupSummary> {
  clearStartup();
  const summary: StartupSummary = { loaded: [], skipped: [], failed: [], chatOnly: null };
  await Promise.all(
    startupLoads().map(async ({ call, query }) => {
      try {
        // Refusals are the user's permissions, not errors to report: no toast, no logout.
        const answer = await callApi(call, {
          query,
          primeStartup: true,
          ignore403: true,
          expectedStatuses: [402, 403, 404],
        });
        // The shell hides Outbound for chat-only projects (spec 1 §2); the settings are loaded here anyway.
        if (call === getSettings) summary.chatOnly = (answer as { is_chat: boolean }).is_chat;
        summary.loaded.push(call.name);
      } catch (error) {
        if (error instanceof SkippedCallError) summary.skipped.push(call.name);
        else if (error instanceof ApiError && (error.status === 402 || error.status === 403))
          summary.skipped.push(call.name);
        else summary.failed.push(call.name);
      }
    }),
  );
  return summary;
}
