import { type TestRunResult, testBody } from '../../../src/api/contract/tests.ts';
import type { Db } from '../../db/database.ts';
import type { KnowledgeIndex, SerializedKnowledgeIndex } from '../../knowledge/types.ts';
import type { BotSource } from '../deployments/bot-source.ts';
import { deploymentById } from '../deployments/deployments.ts';
import { deploymentModelRow, draftModelInfo, modelBytes } from '../training/model-store.ts';
import { TestRunnerPool, sharedBytes } from './test-runner.ts';
import { findTest } from './tests.ts';

const MAX_SHARED_DEPLOYMENT_MODELS = 8;

/**
 * Runs stored tests in this app's runner threads (created once in server/app-scope.ts, closed with the app).
 * The draft model goes to the threads in shared memory, replaced when the stored draft's version moves.
 */
export class TestRuns {
  private readonly db: Db;
  private readonly bots: BotSource;
  private readonly pool = new TestRunnerPool();
  private readonly sharedModels = new Map<number, { version: number; bytes: Uint8Array }>();
  private readonly sharedDeploymentModels = new Map<number, Uint8Array>();
  private readonly serializedIndexes = new WeakMap<KnowledgeIndex, { key: string; json: SerializedKnowledgeIndex }>();
  private nextIndexKey = 1;

  constructor(db: Db, bots: BotSource) {
    this.db = db;
    this.bots = bots;
  }

  get threadCount(): number {
    return this.pool.threadCount;
  }

  /**
   * GET /run/test/{id}: the stored test against the working draft (reactions, scopes, actions, settings, model), or
   * against a deployment's frozen bot and model (the production dialog's tests of the build on Testing, issue 34).
   */
  async run(projectId: number, id: number, deploymentId?: number): Promise<TestRunResult> {
    const test = await findTest(this.db, projectId, id);
    const [snapshot, model] =
      deploymentId === undefined
        ? await Promise.all([this.bots.draft(projectId), this.draftModel(projectId)])
        : await this.deployed(projectId, deploymentId);
    const { model: _model, env: _env, deploymentId: _deploymentId, knowledge, ...rest } = snapshot;
    const configuration = { ...rest, knowledge: knowledge && { ...knowledge, index: null } };
    const knowledgeIndex = knowledge?.index ? this.serialized(knowledge.index) : null;
    return this.pool.run({ configuration, model, knowledgeIndex, steps: testBody.shape.steps.parse(test.steps) });
  }

  /** The bot source keeps one index object per stored version: serialise each once, with a key of its own. */
  private serialized(index: KnowledgeIndex): { key: string; json: SerializedKnowledgeIndex } {
    let hit = this.serializedIndexes.get(index);
    if (!hit) {
      hit = { key: `knowledge-${this.nextIndexKey++}`, json: index.toJSON() };
      this.serializedIndexes.set(index, hit);
    }
    return hit;
  }

  async close(): Promise<void> {
    this.sharedModels.clear();
    this.sharedDeploymentModels.clear();
    await this.pool.close();
  }

  /** A deployment of this project (404 otherwise) as a bot, with its frozen model's bytes. */
  private async deployed(projectId: number, deploymentId: number) {
    const deployment = await deploymentById(this.db, projectId, deploymentId);
    const [snapshot, row] = await Promise.all([
      this.bots.deployed(projectId, deployment.project_env, deploymentId),
      deploymentModelRow(this.db, deploymentId),
    ]);
    if (!snapshot) throw new Error(`deployment ${deploymentId} has no bot`);
    let model: { key: string; bytes: Uint8Array } | null = null;
    if (row) {
      let hit = this.sharedDeploymentModels.get(deploymentId);
      if (!hit) {
        const bytes = await modelBytes(this.db, row.id);
        if (bytes) {
          hit = sharedBytes(bytes);
          // Frozen models never change: a small bound is all the cache needs.
          if (this.sharedDeploymentModels.size >= MAX_SHARED_DEPLOYMENT_MODELS) this.sharedDeploymentModels.clear();
          this.sharedDeploymentModels.set(deploymentId, hit);
        }
      }
      if (hit) model = { key: `deployment:${deploymentId}`, bytes: hit };
    }
    return [snapshot, model] as const;
  }

  private async draftModel(projectId: number): Promise<{ key: string; bytes: Uint8Array } | null> {
    const info = await draftModelInfo(this.db, projectId);
    if (!info) return null;
    let hit = this.sharedModels.get(projectId);
    if (!hit || hit.version !== info.version) {
      const bytes = await modelBytes(this.db, info.id);
      if (!bytes) return null;
      hit = { version: info.version, bytes: sharedBytes(bytes) };
      this.sharedModels.set(projectId, hit);
    }
    return { key: `${projectId}:${hit.version}`, bytes: hit.bytes };
  }
}
