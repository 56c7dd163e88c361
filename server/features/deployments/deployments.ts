import { sql } from 'kysely';
import type { ProjectAction } from '../../../src/api/contract/actions.ts';
import {
  DAY_SECONDS,
  DEPLOY_MESSAGE_REQUIRED,
  type Deployment,
  type DeploymentsQuery,
  MODEL_NOT_TRAINED,
  PRODUCTION_MESSAGE_MIN,
} from '../../../src/api/contract/deployments.ts';
import type { Intent } from '../../../src/api/contract/intents.ts';
import type { ReactionScope } from '../../../src/api/contract/reaction-scopes.ts';
import type { Reaction } from '../../../src/api/contract/reactions.ts';
import type { BotSnapshot } from '../../chat/bot-snapshot.ts';
import type { Db } from '../../db/database.ts';
import { invalidInput, notFound } from '../../domain-errors.ts';
import { DEFAULT_KNOWLEDGE_THRESHOLD } from '../../knowledge/types.ts';
import type { EntityDefinition } from '../../nlu/index.ts';
import { listProjectActions } from '../dialogue/actions.ts';
import { listEntities } from '../intents/entities.ts';
import { listIntents } from '../intents/intents.ts';
import { copyDeploymentIndex, freezeDraftIndex } from '../knowledge/knowledge-index-store.ts';
import { knowledgeRows } from '../knowledge/knowledges.ts';
import { copyDeploymentModel, draftModelInfo, freezeDraftModel } from '../training/model-store.ts';
import { listReactionScopes, listReactions } from '../dialogue/reactions.ts';
import { readSettings } from '../settings/settings.ts';
import { listSynonyms } from '../intents/synonyms.ts';
import { readNluSettings } from '../settings/nlu-settings.ts';
import { loadTrainingData, trainingDataHash } from '../training/training-data.ts';
import { logUserAction } from '../../history/users-log.ts';

/**
 * Deployments (DESIGN §6): deploying freezes the working configuration and the trained draft model into an
 * immutable row (version = unix seconds); each environment serves its latest deployment; a rollback is a
 * new production deployment of an earlier one's frozen copy. Nothing here updates or deletes a deployment.
 */

/** What a deployment freezes: everything the bot is made of, as it was. */
export interface FrozenConfiguration {
  language: string;
  nlu: { confidenceThreshold: number | null; multiIntent: boolean };
  reactions: Reaction[];
  scopes: ReactionScope[];
  actions: ProjectAction[];
  intents: Intent[];
  synonyms: { name: string; values: string[] }[];
  entities: EntityDefinition[];
  /** The project's settings without the chatbot token (a secret that does not belong in a snapshot). */
  settings: Record<string, unknown>;
  /** Knowledge entries as they were (issue 16; the searchable index is frozen beside, in knowledge_indexes). */
  knowledges?: { id: number; link: string; title: string; knowledge: string }[];
}

export async function freezeConfiguration(db: Db, projectId: number): Promise<FrozenConfiguration> {
  const [nlu, reactions, scopes, actions, intents, synonyms, entities, settings, knowledges] = await Promise.all([
    readNluSettings(db, projectId),
    listReactions(db, projectId),
    listReactionScopes(db, projectId),
    listProjectActions(db, projectId),
    listIntents(db, projectId),
    listSynonyms(db, projectId),
    listEntities(db, projectId),
    readSettings(db, projectId),
    knowledgeRows(db, projectId),
  ]);
  const { chatbot_token: _token, ...publicSettings } = settings;
  return {
    language: nlu.language,
    nlu: { confidenceThreshold: nlu.threshold, multiIntent: nlu.multiIntent },
    reactions,
    scopes,
    actions,
    intents,
    synonyms: synonyms.map(({ name, values }) => ({ name, values })),
    entities,
    settings: publicSettings,
    knowledges: knowledges.map(({ id, link, title, knowledge }) => ({ id, link, title, knowledge })),
  };
}

type DeploymentRow = {
  id: number;
  version: number;
  created: Date;
  users_id: number | null;
  user_name: string | null;
  project_env: 'dev' | 'prod';
  note: string;
  rollback_of: number | null;
};

/** The deployment each environment serves now: its latest. */
type LiveIds = Record<'dev' | 'prod', number | null>;

const view = (r: DeploymentRow, live: LiveIds): Deployment => ({
  id: r.id,
  version: Number(r.version),
  created: new Date(r.created).toISOString(),
  users_id: r.users_id,
  user_name: r.user_name,
  project_env: r.project_env,
  note: r.note,
  rollback_of: r.rollback_of,
  live: live[r.project_env] === r.id,
});

function deploymentsQuery(db: Db, projectId: number) {
  return db
    .selectFrom('deployments as d')
    .leftJoin('users as u', 'u.id', 'd.users_id')
    .where('d.project_id', '=', projectId);
}
const columns = [
  'd.id',
  'd.version',
  'd.created',
  'd.users_id',
  'u.name as user_name',
  'd.project_env',
  'd.note',
  'd.rollback_of',
] as const;

async function liveIds(db: Db, projectId: number): Promise<LiveIds> {
  const [dev, prod] = await Promise.all([
    latestDeploymentId(db, projectId, 'dev'),
    latestDeploymentId(db, projectId, 'prod'),
  ]);
  return { dev, prod };
}

/** One deployment of the project (404 for another project's id). */
export async function deploymentById(db: Db, projectId: number, id: number): Promise<Deployment> {
  const [row, live] = await Promise.all([
    deploymentsQuery(db, projectId).select(columns).where('d.id', '=', id).executeTakeFirst(),
    liveIds(db, projectId),
  ]);
  if (!row) throw notFound('Deployment not found.');
  return view(row, live);
}

/** The build QA tests (issue 34): the deployment Testing serves now, or null before its first. */
export async function testingBuild(db: Db, projectId: number): Promise<Deployment | null> {
  const id = await latestDeploymentId(db, projectId, 'dev');
  return id === null ? null : deploymentById(db, projectId, id);
}

/** `like` pattern of a user's text: % and _ match themselves. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** GET /deployments with the screen's filters (spec 2 §5: 'to' dates cover the whole day; user is a substring). */
export async function listDeployments(
  db: Db,
  projectId: number,
  filter: DeploymentsQuery,
): Promise<{ items: Deployment[]; total: number }> {
  let query = deploymentsQuery(db, projectId).where('d.project_env', '=', filter.project_env);
  if (filter.version_from !== undefined) query = query.where('d.version', '>=', filter.version_from);
  if (filter.version_to !== undefined) query = query.where('d.version', '<=', filter.version_to);
  if (filter.created_from !== undefined) query = query.where('d.created', '>=', new Date(filter.created_from * 1000));
  if (filter.created_to !== undefined)
    query = query.where('d.created', '<', new Date((filter.created_to + DAY_SECONDS) * 1000));
  const user = filter.user?.trim();
  if (user) query = query.where(sql<string>`coalesce(u.name, '')`, 'ilike', containing(user));
  const [rows, count, live] = await Promise.all([
    query.select(columns).orderBy('d.id', 'desc').limit(filter.limit).offset(filter.offset).execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    liveIds(db, projectId),
  ]);
  return { items: rows.map((row) => view(row, live)), total: Number(count.n) };
}

/** Refuses a deploy whose model is missing, stale or still being trained (decision: no silent training here). */
async function requireCurrentModel(db: Db, projectId: number): Promise<void> {
  const model = await draftModelInfo(db, projectId);
  const current = trainingDataHash(await loadTrainingData(db, projectId));
  if (!model || model.data_hash !== current) throw invalidInput(MODEL_NOT_TRAINED);
}

export interface DeployRequest {
  projectId: number;
  userId: number | null;
  env: 'dev' | 'prod';
  message: string;
  /**
   * The deployment whose frozen copy becomes the new production deployment: an earlier production one (rollback)
   * or a build on Testing (promotion, issue 34: exactly what QA tested goes live, not the draft).
   */
  toDeploymentId?: number;
}

/**
 * GET /run/deploy: one transaction that writes the deployment, its frozen model and a users-log line. With
 * toDeploymentId the copied deployment's configuration, model and knowledge index go live as they were frozen.
 */
export async function deploy(db: Db, request: DeployRequest): Promise<Deployment> {
  const note = request.message.trim();
  const rollback = request.toDeploymentId;
  if (rollback !== undefined && request.env !== 'prod') throw invalidInput('A rollback deploys to production only.');
  if (request.env === 'prod' && note.length < PRODUCTION_MESSAGE_MIN) throw invalidInput(DEPLOY_MESSAGE_REQUIRED);
  let configuration: FrozenConfiguration | null = null;
  if (rollback === undefined) {
    await requireCurrentModel(db, request.projectId);
    configuration = await freezeConfiguration(db, request.projectId);
  }
  const id = await db.transaction().execute(async (trx) => {
    let frozen = configuration;
    let sourceEnv: 'dev' | 'prod' | null = null;
    if (rollback !== undefined) {
      const source = await trx
        .selectFrom('deployments')
        .select(['id', 'configuration', 'project_env'])
        .where('project_id', '=', request.projectId)
        .where('id', '=', rollback)
        .executeTakeFirst();
      if (!source) throw notFound('Deployment not found.');
      frozen = source.configuration as unknown as FrozenConfiguration;
      sourceEnv = source.project_env;
    }
    const { id } = await trx
      .insertInto('deployments')
      .values({
        project_id: request.projectId,
        project_env: request.env,
        version: Math.floor(Date.now() / 1000),
        users_id: request.userId,
        note,
        rollback_of: rollback ?? null,
        configuration: JSON.stringify(frozen),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const hasModel =
      rollback === undefined
        ? await freezeDraftModel(trx, request.projectId, id)
        : await copyDeploymentModel(trx, rollback, id);
    // The draft model vanished between the check and the copy (a concurrent project change): nothing is written.
    if (!hasModel && rollback === undefined) throw invalidInput(MODEL_NOT_TRAINED);
    // The knowledge index is frozen with the bot (issue 16 §2): a rollback restores the one deployed then.
    if (rollback === undefined) await freezeDraftIndex(trx, request.projectId, id);
    else await copyDeploymentIndex(trx, rollback, id);
    const where = request.env === 'prod' ? 'production' : 'testing';
    await logUserAction(trx, {
      userId: request.userId,
      projectId: request.projectId,
      action:
        rollback === undefined
          ? `Deployed to ${where}: ${note}`
          : sourceEnv === 'dev'
            ? `Deployed testing build ${rollback} to production: ${note}`
            : `Rolled back production to deployment ${rollback}`,
    });
    return id;
  });
  return deploymentById(db, request.projectId, id);
}

// ---- what dev and prod chats talk to ----

/** The environment's latest deployment, or null when it has none (its chats then talk to the draft). */
export async function latestDeploymentId(db: Db, projectId: number, env: 'dev' | 'prod'): Promise<number | null> {
  const latest = await db
    .selectFrom('deployments')
    .select('id')
    .where('project_id', '=', projectId)
    .where('project_env', '=', env)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return latest?.id ?? null;
}

/** A deployment's frozen bot without its model and environment (frozen rows never change). */
export async function frozenBot(
  db: Db,
  projectId: number,
  deploymentId: number,
): Promise<Omit<BotSnapshot, 'model' | 'env'>> {
  const row = await db
    .selectFrom('deployments')
    .select('configuration')
    .where('id', '=', deploymentId)
    .executeTakeFirstOrThrow();
  const c = row.configuration as unknown as FrozenConfiguration;
  return {
    projectId,
    deploymentId,
    language: c.language,
    reactions: c.reactions,
    scopes: c.scopes,
    actions: c.actions,
    settings: c.nlu,
    entities: c.entities,
    // The index is loaded by the bot source (knowledge cache); a deployment older than the knowledge base has none.
    knowledge: {
      index: null,
      threshold: Number(c.settings?.knowledge_threshold ?? DEFAULT_KNOWLEDGE_THRESHOLD),
      fallback: c.settings?.knowledge_fallback === true,
    },
  };
}
