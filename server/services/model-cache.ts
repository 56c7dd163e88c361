import type { Db } from '../db/database.ts';
import { NluModel, loadModel } from '../nlu/index.ts';
import { listEntities } from './entities.ts';
import { deploymentModelRow, draftModelInfo, modelBytes } from './model-store.ts';

/**
 * Loaded models per process (DESIGN §7), per database (tests open many in one process). A draft entry is
 * checked against the stored version on every use — one indexed read of a bigint — so a model trained or
 * reloaded by any process replaces it. Deployment models never change once frozen.
 */
interface Entry {
  version: number;
  model: NluModel;
}

const MAX_DEPLOYMENT_MODELS = 64;
const drafts = new WeakMap<Db, Map<number, Entry>>();
const deployments = new WeakMap<Db, Map<number, NluModel>>();

function mapOf<K, V>(store: WeakMap<Db, Map<K, V>>, db: Db): Map<K, V> {
  let map = store.get(db);
  if (!map) {
    map = new Map();
    store.set(db, map);
  }
  return map;
}

/**
 * The project's draft model (what the console's chat window talks to), or null before the first training.
 * Its entity definitions are the project's current ones as of the last load (training or worker reload).
 * Classify with `model.classify(text, { threshold, multiIntent })` using `readNluSettings`.
 */
export async function getDraftModel(db: Db, projectId: number): Promise<NluModel | null> {
  const cache = mapOf(drafts, db);
  const info = await draftModelInfo(db, projectId);
  if (!info) {
    cache.delete(projectId);
    return null;
  }
  const cached = cache.get(projectId);
  if (cached && cached.version === info.version) return cached.model;
  const bytes = await modelBytes(db, info.id);
  if (!bytes) return null;
  // The draft reads the project's current entities (a worker reload after 'Save & Train' applies them, spec 2 §4).
  const trained = loadModel(bytes);
  const model = new NluModel({ ...trained.parts, entities: await listEntities(db, projectId) });
  cache.set(projectId, { version: info.version, model });
  return model;
}

/** A deployment's frozen model (what testing and production talk to), or null if it has none. */
export async function getDeploymentModel(db: Db, deploymentId: number): Promise<NluModel | null> {
  const cache = mapOf(deployments, db);
  const cached = cache.get(deploymentId);
  if (cached) {
    // Most recently used last: re-insert.
    cache.delete(deploymentId);
    cache.set(deploymentId, cached);
    return cached;
  }
  const row = await deploymentModelRow(db, deploymentId);
  if (!row) return null;
  const bytes = await modelBytes(db, row.id);
  if (!bytes) return null;
  const model = loadModel(bytes);
  cache.set(deploymentId, model);
  if (cache.size > MAX_DEPLOYMENT_MODELS) cache.delete(cache.keys().next().value!);
  return model;
}

/** Drops this process's cached draft of a project (other processes see the bumped version). */
export function dropDraftModel(db: Db, projectId: number): void {
  drafts.get(db)?.delete(projectId);
}

/** How many drafts this process holds (diagnostics and tests). */
export const cachedDraftCount = (db: Db): number => drafts.get(db)?.size ?? 0;
