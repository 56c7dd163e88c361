import { type RawBuilder, sql } from 'kysely';
import type { ConversationEnv } from '../../../src/api/contract/conversations.ts';
import type { BotSnapshot } from '../../chat/bot-snapshot.ts';
import type { Db } from '../../db/database.ts';
import { ACTIONS_RESOURCE, listProjectActions } from '../dialogue/actions.ts';
import { frozenBot, latestDeploymentId } from './deployments.ts';
import { listEntities } from '../intents/entities.ts';
import { KnowledgeCache } from '../knowledge/knowledge-cache.ts';
import { knowledgeSettings } from '../knowledge/knowledge-reindex.ts';
import { ModelCache } from '../training/model-cache.ts';
import {
  REACTIONS_RESOURCE,
  REACTION_SCOPES_RESOURCE,
  listReactionScopes,
  listReactions,
} from '../dialogue/reactions.ts';
import { SETTINGS_RESOURCE } from '../settings/settings.ts';
import { readNluSettings } from '../settings/nlu-settings.ts';

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
  async draft(projectId: number, stamps?: BotStamps): Promise<BotSnapshot> {
    const [{ knowledgeSettings, ...configuration }, model, index] = await Promise.all([
      this.draftConfiguration(projectId, stamps?.atimes),
      stamps ? this.models.draftOf(projectId, stamps.model) : this.models.draft(projectId),
      stamps ? this.knowledge.draftOf(projectId, stamps.index) : this.knowledge.draft(projectId),
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

  /**
   * The bot a conversation talks to: the draft in the console, the environment's deployment otherwise. With
   * `stamps` (read with the conversation, see `botStampColumns`) a warm cache answers without reading anything.
   */
  async load(projectId: number, env: ConversationEnv, stamps?: BotStamps): Promise<BotSnapshot> {
    // An environment without a deployment yet talks to the working draft.
    if (env !== 'draft') {
      const deployed = await this.deployed(projectId, env, stamps ? stamps.deploymentId : undefined);
      if (deployed) return deployed;
    }
    return { ...(await this.draft(projectId, stamps)), env };
  }

  /** The environment's latest deployment as a bot, or null when it has none. */
  async deployed(projectId: number, env: 'dev' | 'prod', latest?: number | null): Promise<BotSnapshot | null> {
    const id = latest === undefined ? await latestDeploymentId(this.db, projectId, env) : latest;
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
   * read per message, or none when the caller read the atimes with its own query; every process agrees on
   * atimes, so a save anywhere is seen everywhere at once).
   */
  private async draftConfiguration(projectId: number, atimes?: Record<string, number>): Promise<Configuration> {
    const stamped =
      atimes ??
      Object.fromEntries(
        (
          await this.db
            .selectFrom('resource_atimes')
            .select(['resource', 'atime'])
            .where('project_id', '=', projectId)
            .where('resource', 'in', CONFIGURATION_RESOURCES)
            .execute()
        ).map((row) => [row.resource, row.atime]),
      );
    const key = CONFIGURATION_RESOURCES.map((r) => stamped[r] ?? 0).join(':');
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

/** What decides which bot a conversation talks to and whether this process's caches of it are current. */
export interface BotStamps {
  /** The environment's latest deployment, or null (the draft). */
  deploymentId: number | null;
  /** The configuration resources' atimes. */
  atimes: Record<string, number>;
  /** The draft model's row and version, or null before the first training. */
  model: { id: number; version: number } | null;
  /** The draft knowledge index's row and version, or null before the first reindex. */
  index: { id: number; version: number } | null;
}

/**
 * `BotStamps` as columns of another query (the chat's one read per message), for the project `project` and
 * the environment `env`: deployment_id, atimes, draft_model and draft_index (read back with `stampsOf`).
 */
export function botStampColumns(project: RawBuilder<unknown>, env: string | RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`(SELECT d.id FROM deployments d WHERE d.project_id = ${project} AND d.project_env = ${env}
        ORDER BY d.id DESC LIMIT 1) AS deployment_id,
      (SELECT jsonb_object_agg(a.resource, a.atime) FROM resource_atimes a
        WHERE a.project_id = ${project} AND a.resource IN (${sql.join(CONFIGURATION_RESOURCES)})) AS atimes,
      (SELECT jsonb_build_object('id', m.id, 'version', m.version) FROM nlu_models m
        WHERE m.project_id = ${project} AND m.kind = 'draft') AS draft_model,
      (SELECT jsonb_build_object('id', k.id, 'version', k.version) FROM knowledge_indexes k
        WHERE k.project_id = ${project} AND k.kind = 'draft') AS draft_index`;
}

export function stampsOf(row: {
  deployment_id: number | null;
  atimes: Record<string, number> | null;
  draft_model: { id: number; version: number } | null;
  draft_index: { id: number; version: number } | null;
}): BotStamps {
  return {
    deploymentId: row.deployment_id === null ? null : Number(row.deployment_id),
    atimes: row.atimes ?? {},
    model: row.draft_model,
    index: row.draft_index,
  };
}
