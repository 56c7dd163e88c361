import type { ConversationEnv } from '../../../src/api/contract/conversations.ts';
import type { Db } from '../../db/database.ts';
import { listProjectActions } from '../actions.ts';
import { listEntities } from '../entities.ts';
import { deployedSnapshot } from '../deployments.ts';
import { getDraftModel } from '../model-cache.ts';
import { REACTIONS_RESOURCE, REACTION_SCOPES_RESOURCE, listReactionScopes, listReactions } from '../reactions.ts';
import { SETTINGS_RESOURCE } from '../settings.ts';
import { readNluSettings } from '../training-data.ts';
import type { BotSnapshot } from '../../chat/bot-snapshot.ts';
import { ACTIONS_RESOURCE } from '../actions.ts';

type Configuration = Pick<BotSnapshot, 'reactions' | 'scopes' | 'actions' | 'language' | 'settings'>;
const configurationCache = new WeakMap<Db, Map<number, { key: string; configuration: Configuration }>>();
const CONFIGURATION_RESOURCES = [REACTIONS_RESOURCE, REACTION_SCOPES_RESOURCE, ACTIONS_RESOURCE, SETTINGS_RESOURCE];

/**
 * Reactions, scopes, actions and NLU settings, re-read only when one of their atimes moved (one indexed
 * read per message; every process agrees on atimes, so a save anywhere is seen everywhere at once).
 */
async function draftConfiguration(db: Db, projectId: number): Promise<Configuration> {
  const rows = await db
    .selectFrom('resource_atimes')
    .select(['resource', 'atime'])
    .where('project_id', '=', projectId)
    .where('resource', 'in', CONFIGURATION_RESOURCES)
    .execute();
  const key = CONFIGURATION_RESOURCES.map((r) => rows.find((row) => row.resource === r)?.atime ?? 0).join(':');
  let cache = configurationCache.get(db);
  if (!cache) {
    cache = new Map();
    configurationCache.set(db, cache);
  }
  const hit = cache.get(projectId);
  if (hit && hit.key === key) return hit.configuration;
  const [reactions, scopes, actions, settings] = await Promise.all([
    listReactions(db, projectId),
    listReactionScopes(db, projectId),
    listProjectActions(db, projectId),
    readNluSettings(db, projectId),
  ]);
  const configuration: Configuration = {
    reactions,
    scopes,
    actions,
    language: settings.language,
    settings: { confidenceThreshold: settings.threshold, multiIntent: settings.multiIntent },
  };
  cache.set(projectId, { key, configuration });
  return configuration;
}

/** The working draft as a bot: what the console's chat window talks to. */
export async function draftSnapshot(db: Db, projectId: number): Promise<BotSnapshot> {
  const [configuration, model] = await Promise.all([draftConfiguration(db, projectId), getDraftModel(db, projectId)]);
  const entities = model ? [...model.parts.entities] : await listEntities(db, projectId);
  return {
    projectId,
    env: 'draft',
    deploymentId: null,
    ...configuration,
    model,
    entities,
  };
}

/** The bot a conversation talks to: the draft in the console, the environment's deployment otherwise. */
export async function loadSnapshot(db: Db, projectId: number, env: ConversationEnv): Promise<BotSnapshot> {
  // An environment without a deployment yet talks to the working draft.
  if (env !== 'draft') {
    const deployed = await deployedSnapshot(db, projectId, env);
    if (deployed) return deployed;
  }
  return { ...(await draftSnapshot(db, projectId)), env };
}
