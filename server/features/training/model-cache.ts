import type { Db } from '../../db/database.ts';
import { NluModel, loadModel } from '../../nlu/index.ts';
import { listEntities } from '../intents/entities.ts';
import { deploymentModelRow, draftModelInfo, modelBytes } from './model-store.ts';

const MAX_DEPLOYMENT_MODELS = 64;

/**
 * The models this process has loaded (DESIGN §7), one cache per app (server/app-scope.ts). A draft entry is
 * checked against the stored version on every use (one indexed read of a bigint), so a model trained or
 * reloaded by any process replaces it. Deployment models never change once frozen.
 */
export class ModelCache {
  private readonly db: Db;
  private readonly drafts = new Map<number, { version: number; model: NluModel }>();
  private readonly deployments = new Map<number, NluModel>();

  constructor(db: Db) {
    this.db = db;
  }

  /**
   * The project's draft model (what the console's chat window talks to), or null before the first training.
   * Its entity definitions are the project's current ones as of the last load (training or worker reload).
   */
  async draft(projectId: number): Promise<NluModel | null> {
    return this.draftOf(projectId, (await draftModelInfo(this.db, projectId)) ?? null);
  }

  /** `draft` with the stored row's id and version already read (the chat reads them with the conversation). */
  async draftOf(projectId: number, info: { id: number; version: number } | null): Promise<NluModel | null> {
    if (!info) {
      this.drafts.delete(projectId);
      return null;
    }
    const cached = this.drafts.get(projectId);
    if (cached && cached.version === info.version) return cached.model;
    const bytes = await modelBytes(this.db, info.id);
    if (!bytes) return null;
    // The draft reads the project's current entities (a worker reload after 'Save & Train' applies them, spec 2 §4).
    const trained = loadModel(bytes);
    const model = new NluModel({ ...trained.parts, entities: await listEntities(this.db, projectId) });
    this.drafts.set(projectId, { version: info.version, model });
    return model;
  }

  /** A deployment's frozen model (what testing and production talk to), or null if it has none. */
  async deployment(deploymentId: number): Promise<NluModel | null> {
    const cached = this.deployments.get(deploymentId);
    if (cached) {
      // Most recently used last: re-insert.
      this.deployments.delete(deploymentId);
      this.deployments.set(deploymentId, cached);
      return cached;
    }
    const row = await deploymentModelRow(this.db, deploymentId);
    if (!row) return null;
    const bytes = await modelBytes(this.db, row.id);
    if (!bytes) return null;
    const model = loadModel(bytes);
    this.deployments.set(deploymentId, model);
    if (this.deployments.size > MAX_DEPLOYMENT_MODELS) this.deployments.delete(this.deployments.keys().next().value!);
    return model;
  }

  /** Drops this process's cached draft of a project (other processes see the bumped version). */
  dropDraft(projectId: number): void {
    this.drafts.delete(projectId);
  }

  /** How many drafts this process holds (diagnostics and tests). */
  get draftCount(): number {
    return this.drafts.size;
  }
}
