import { type TestRunResult, testBody } from '../../../src/api/contract/tests.ts';
import type { Db } from '../../db/database.ts';
import type { KnowledgeIndex, SerializedKnowledgeIndex } from '../../knowledge/types.ts';
import type { BotSource } from '../deployments/bot-source.ts';
import { draftModelInfo, modelBytes } from '../training/model-store.ts';
import { TestRunnerPool, sharedBytes } from './test-runner.ts';
import { findTest } from './tests.ts';

/**
 * Runs stored tests in this app's runner threads (created once in server/app-scope.ts, closed with the app).
 * The draft model goes to the threads in shared memory, replaced when the stored draft's version moves.
 */
export class TestRuns {
  private readonly db: Db;
  private readonly bots: BotSource;
  private readonly pool = new TestRunnerPool();
  private readonly sharedModels = new Map<number, { version: number; bytes: Uint8Array }>();
  private readonly serializedIndexes = new WeakMap<KnowledgeIndex, { key: string; json: SerializedKnowledgeIndex }>();
  private nextIndexKey = 1;

  constructor(db: Db, bots: BotSource) {
    this.db = db;
    this.bots = bots;
  }

  get threadCount(): number {
    return this.pool.threadCount;
  }

  /** GET /run/test/{id}: the stored test against the working draft (reactions, scopes, actions, settings, model). */
  async run(projectId: number, id: number): Promise<TestRunResult> {
    const test = await findTest(this.db, projectId, id);
    const [snapshot, model] = await Promise.all([this.bots.draft(projectId), this.draftModel(projectId)]);
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
    await this.pool.close();
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
