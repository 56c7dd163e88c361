import type { ConversationEnv } from '../../src/api/contract/conversations.ts';
import type { Db } from '../db/database.ts';
import { listProjectActions } from '../services/actions.ts';
import { readAtime } from '../services/atime.ts';
import { listEntities } from '../services/entities.ts';
import { getDraftModel } from '../services/model-cache.ts';
import { REACTIONS_RESOURCE, REACTION_SCOPES_RESOURCE, listReactionScopes, listReactions } from '../services/reactions.ts';
import { readNluSettings } from '../services/training-data.ts';
import type { BotSnapshot } from './bot-snapshot.ts';
import { ACTIONS_RESOURCE } from '../services/actions.ts';

/**
 * A deployment's frozen bot for dev/prod chats. The deployments service registers it; until then (or when
 * an environment has no deployment yet, it answers null) dev and prod chats talk to the working draft.
 */
export type DeploymentSnapshotLoader = (db: Db, projectId: number, env: 'dev' | 'prod') => Promise<BotSnapshot | null>;
let deploymentLoader: DeploymentSnapshotLoader | null = null;
export function setDeploymentSnapshotLoader(loader: DeploymentSnapshotLoader | null): void {
  deploymentLoader = loader;
}

type Dialogue = Pick<BotSnapshot, 'reactions' | 'scopes' | 'actions'>;
const dialogueCache = new WeakMap<Db, Map<number, { key: string; dialogue: Dialogue }>>();

/** Reactions, scopes and actions, re-read only when one of their atimes moved (every process agrees on those). */
async function draftDialogue(db: Db, projectId: number): Promise<Dialogue> {
  const atimes = await Promise.all([REACTIONS_RESOURCE, REACTION_SCOPES_RESOURCE, ACTIONS_RESOURCE].map((r) => readAtime(db, projectId, r)));
  const key = atimes.join(':');
  let cache = dialogueCache.get(db);
  if (!cache) {
    cache = new Map();
    dialogueCache.set(db, cache);
  }
  const hit = cache.get(projectId);
  if (hit && hit.key === key && key !== '0:0:0') return hit.dialogue;
  const [reactions, scopes, actions] = await Promise.all([
    listReactions(db, projectId),
    listReactionScopes(db, projectId),
    listProjectActions(db, projectId),
  ]);
  const dialogue = { reactions, scopes, actions };
  cache.set(projectId, { key, dialogue });
  return dialogue;
}

/** The working draft as a bot: what the console's chat window talks to. */
export async function draftSnapshot(db: Db, projectId: number): Promise<BotSnapshot> {
  const [dialogue, settings, model] = await Promise.all([
    draftDialogue(db, projectId),
    readNluSettings(db, projectId),
    getDraftModel(db, projectId),
  ]);
  const entities = model ? [...model.parts.entities] : await listEntities(db, projectId);
  return {
    projectId,
    env: 'draft',
    deploymentId: null,
    language: settings.language,
    ...dialogue,
    settings: { confidenceThreshold: settings.threshold, multiIntent: settings.multiIntent },
    model,
    entities,
  };
}

/** The bot a conversation talks to: the draft in the console, the environment's deployment otherwise. */
export async function loadSnapshot(db: Db, projectId: number, env: ConversationEnv): Promise<BotSnapshot> {
  if (env !== 'draft' && deploymentLoader) {
    const deployed = await deploymentLoader(db, projectId, env);
    if (deployed) return deployed;
  }
  return { ...(await draftSnapshot(db, projectId)), env };
}
