import type { ConversationEnv } from '../../../src/api/contract/conversations.ts';
import type { BotSnapshot } from '../../chat/bot-snapshot.ts';
import type { Db } from '../../db/database.ts';
import { ACTIONS_RESOURCE, listProjectActions } from '../actions.ts';
import { frozenBot, latestDeploymentId } from '../deployments.ts';
import { listEntities } from '../entities.ts';
import { KnowledgeCache } from '../knowledge-cache.ts';
import { knowledgeSettings } from '../knowledge-reindex.ts';
import { ModelCache } from '../model-cache.ts';
import { REACTIONS_RESOURCE, REACTION_SCOPES_RESOURCE, listReactionScopes, listReactions } from '../reactions.ts';
import { SETTINGS_RESOURCE } from '../settings.ts';
import { readNluSettings } from '../training-data.ts';

type Configuration = Pick<BotSnapshot, 'reactions' | 'scopes' | 'actions' | 'language' | 'settings'> & {
  knowledgeSettings: { threshold: number; fallback: boolean };
};
const CONFIGURATION_RESOURCES = [REACTIONS_RESOURCE, REACTION_SCOPES_RESOURCE, ACTIONS_RESOURCE, SETTINGS_RESOURCE];
/** Frozen deployments never change, so their cache only needs a bound. */
const MAX_FROZEN_BOTS = 256;

/**
 * The bot a conversation or a test talks to: the working draft, or an environment's latest deployment.
 * One per app (server/app-scope.ts), with this process's caches of configurations, frozen bots and models.
 */
export class BotSource {
  readonly models: ModelCache;
  readonly knowledge: KnowledgeCache;
  private readonly db: Db;
  private readonly configurations = new Map<number, { key: string; configuration: Configuration }>();
  private readonly frozen = new Map<number, Omit<BotSnapshot, 'model' | 'env'>>();

  constructor(db: Db) {
    this.db = db;
    this.models = new ModelCache(db);
    this.knowledge = new KnowledgeCache(db);
  }

  /** The working draft as a bot: what the console's chat window and the tests talk to. */
  async draft(projectId: number): Promise<BotSnapshot> {
    const [{ knowledgeSettings, ...configuration }, model, index] = await Promise.all([
      this.draftConfiguration(projectId),
      this.models.draft(projectId),
      this.knowledge.draft(projectId),
    ]);
    const entities = model ? [...model.parts.entities] : await listEntities(this.db, projectId);
    return {
      projectId,
      env: 'draft',
      deploymentId: null,
      ...configuration,
      model,
      entities,
      knowledge: { index, ...knowledgeSettings },
    };
  }

  /** The bot a conversation talks to: the draft in the console, the environment's deployment otherwise. */
  async load(projectId: number, env: ConversationEnv): Promise<BotSnapshot> {
    // An environment without a deployment yet talks to the working draft.
    if (env !== 'draft') {
      const deployed = await this.deployed(projectId, env);
      if (deployed) return deployed;
    }
    return { ...(await this.draft(projectId)), env };
  }

  /** The environment's latest deployment as a bot, or null when it has none. */
  async deployed(projectId: number, env: 'dev' | 'prod'): Promise<BotSnapshot | null> {
    const id = await latestDeploymentId(this.db, projectId, env);
    if (id === null) return null;
    let bot = this.frozen.get(id);
    if (!bot) {
      bot = await frozenBot(this.db, projectId, id);
      if (this.frozen.size >= MAX_FROZEN_BOTS) this.frozen.clear();
      this.frozen.set(id, bot);
    }
    const [model, index] = await Promise.all([this.models.deployment(id), this.knowledge.deployment(id)]);
    const knowledge = bot.knowledge ? { ...bot.knowledge, index } : undefined;
    return { ...bot, env, model, knowledge };
  }

  /**
   * Reactions, scopes, actions and NLU settings, re-read only when one of their atimes moved (one indexed
   * read per message; every process agrees on atimes, so a save anywhere is seen everywhere at once).
   */
  private async draftConfiguration(projectId: number): Promise<Configuration> {
    const rows = await this.db
      .selectFrom('resource_atimes')
      .select(['resource', 'atime'])
      .where('project_id', '=', projectId)
      .where('resource', 'in', CONFIGURATION_RESOURCES)
      .execute();
    const key = CONFIGURATION_RESOURCES.map((r) => rows.find((row) => row.resource === r)?.atime ?? 0).join(':');
    const hit = this.configurations.get(projectId);
    if (hit && hit.key === key) return hit.configuration;
    const [reactions, scopes, actions, settings, knowledge] = await Promise.all([
      listReactions(this.db, projectId),
      listReactionScopes(this.db, projectId),
      listProjectActions(this.db, projectId),
      readNluSettings(this.db, projectId),
      knowledgeSettings(this.db, projectId),
    ]);
    const configuration: Configuration = {
      reactions,
      scopes,
      actions,
      language: settings.language,
      settings: { confidenceThreshold: settings.threshold, multiIntent: settings.multiIntent },
      knowledgeSettings: { threshold: knowledge.threshold, fallback: knowledge.fallback },
    };
    this.configurations.set(projectId, { key, configuration });
    return configuration;
  }
}
