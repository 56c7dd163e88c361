import type { Db } from '../../db/database.ts';
import { type KnowledgeIndex, loadKnowledgeIndex } from '../../knowledge/index.ts';
import { deploymentIndexInfo, draftIndexInfo, indexData } from './knowledge-index-store.ts';

const MAX_DEPLOYMENT_INDEXES = 64;

/**
 * The knowledge indexes this process has loaded, one cache per app (server/app-scope.ts, inside BotSource).
 * A draft is checked against the stored version on every use (one indexed read), so a reindex by any process
 * replaces it; a deployment's index never changes once frozen.
 */
export class KnowledgeCache {
  private readonly db: Db;
  private readonly drafts = new Map<number, { version: number; index: KnowledgeIndex }>();
  private readonly deployments = new Map<number, KnowledgeIndex | null>();

  constructor(db: Db) {
    this.db = db;
  }

  /** The project's draft index, or null before the first reindex. */
  async draft(projectId: number): Promise<KnowledgeIndex | null> {
    return this.draftOf(projectId, (await draftIndexInfo(this.db, projectId)) ?? null);
  }

  /** `draft` with the stored row's id and version already read (the chat reads them with the conversation). */
  async draftOf(projectId: number, info: { id: number; version: number } | null): Promise<KnowledgeIndex | null> {
    if (!info) {
      this.drafts.delete(projectId);
      return null;
    }
    const cached = this.drafts.get(projectId);
    if (cached && cached.version === Number(info.version)) return cached.index;
    const data = await indexData(this.db, info.id);
    if (data === undefined) return null;
    const index = loadKnowledgeIndex(JSON.parse(data));
    this.drafts.set(projectId, { version: Number(info.version), index });
    return index;
  }

  /** A deployment's frozen index, or null when the project had none when it was deployed. */
  async deployment(deploymentId: number): Promise<KnowledgeIndex | null> {
    if (this.deployments.has(deploymentId)) return this.deployments.get(deploymentId) ?? null;
    const info = await deploymentIndexInfo(this.db, deploymentId);
    const data = info ? await indexData(this.db, info.id) : undefined;
    const index = data === undefined ? null : loadKnowledgeIndex(JSON.parse(data));
    this.deployments.set(deploymentId, index);
    if (this.deployments.size > MAX_DEPLOYMENT_INDEXES) this.deployments.delete(this.deployments.keys().next().value!);
    return index;
  }
}
