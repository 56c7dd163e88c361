import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TRAIN_DRAFT_JOB } from '../../server/features/training/train-draft-job.ts';
import { enqueueJob, jobById, takeJob } from '../../server/jobs/job-queue.ts';
import { JobRunner } from '../../server/jobs/job-runner.ts';
import { bumpDraftModelVersion, freezeDraftModel } from '../../server/features/training/model-store.ts';
import { readNluSettings } from '../../server/features/settings/nlu-settings.ts';
import type { Caller, TestApp } from './helpers/test-app.ts';
import { createTestApp } from './helpers/test-app.ts';
import { intentByName, withOwnConnections, write } from './language-model-fixtures.ts';

let t: TestApp;
let admin: Caller;
beforeEach(async () => {
  t = await createTestApp();
  admin = await t.admin();
});
afterEach(async () => {
  await t.close();
});

type EvaluationAnswer = {
  status: {
    state: string;
    job_id: number | null;
    trained_at: string | null;
    evaluated_at: string | null;
    stale: boolean;
    error: string | null;
  };
  evaluation: Record<
    string,
    {
      precision: number;
      recall: number;
      data: Record<string, { template: string; is_recognized: boolean; prediction: number | null; confidence: number }>;
    }
  > | null;
  clashes: { kind: string; a: { template: string }; b: { template: string } }[];
};

const evaluation = async (projectId = 1): Promise<EvaluationAnswer> =>
  (await t.call('GET', '/v1/intents/evaluation', { as: admin, query: { project_id: projectId } })).json();

async function waitForJob(jobId: number, projectId = 1): Promise<EvaluationAnswer> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    const job = await jobById(t.db, jobId);
    const answer = await evaluation(projectId);
    if (job?.status === 'failed') throw new Error(`training failed: ${job.error}`);
    if (job?.status === 'done' && answer.status.job_id !== null && answer.status.job_id >= jobId) return answer;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('training did not finish in time');
}

describe('training and evaluation', () => {
  it('the seeded demo is trained and evaluated: per intent id, data keyed by template', async () => {
    const answer = await evaluation();
    expect(answer.status).toMatchObject({ state: 'done', stale: false });
    expect(answer.status.trained_at).not.toBeNull();
    const greeting = await intentByName(t, admin, 'greeting');
    const entry = answer.evaluation![String(greeting.id)]!;
    expect(entry.precision).toBeGreaterThan(0);
    expect(Object.keys(entry.data).sort()).toEqual([...greeting.templates].sort());
    expect(entry.data.hello).toMatchObject({ template: 'hello' });
    expect(typeof entry.data.hello!.confidence).toBe('number');
  });

  it('GET /run/train queues, answers at once, trains, stores the model and the evaluation (end to end)', async () => {
    const greeting = await intentByName(t, admin, 'greeting');
    const goodbye = await intentByName(t, admin, 'goodbye');
    await write(t, admin, 'PUT', `/v1/intent/${greeting.id}/template`, { body: { template: 'ahoy matey' } });
    await write(t, admin, 'PUT', `/v1/intent/${goodbye.id}/template`, { body: { template: 'hello!' } });
    const before = await evaluation();
    expect(before.status.stale).toBe(true);
    const started = Date.now();
    const res = await t.call('GET', '/v1/run/train', { as: admin });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok' });
    const { job_id } = res.json();
    const after = await waitForJob(job_id);
    expect(after.status).toMatchObject({ state: 'done', stale: false, error: null });
    expect(after.evaluation![String(greeting.id)]!.data['ahoy matey']).toBeDefined();
    // 'hello' (greeting) and 'hello!' (goodbye) are the same words under two intents.
    expect(after.clashes.some((c) => c.kind === 'identical')).toBe(true);
    // Classify with the stored model, as the chat runtime will.
    const model = await t.app.services.bots.models.draft(1);
    const { threshold } = await readNluSettings(t.db, 1);
    const result = model!.classify('opening hours on sunday?', { threshold: threshold ?? undefined });
    expect(result.intent?.name).toBe('opening hours');
    expect(model!.intents.map((i) => i.name)).toContain('order [NEG]');
    const log = await t.db
      .selectFrom('users_logs')
      .select('action')
      .where('action', '=', 'Submitted for NLU train')
      .execute();
    expect(log).toHaveLength(1);
  });

  it('trains a project with no intents: the model answers "no intent"', async () => {
    const other = (await t.call('POST', '/v1/projects', { as: admin, body: { name: 'Empty' } })).json()
      .project_id as number;
    expect((await evaluation(other)).status).toMatchObject({ state: 'none', stale: true, trained_at: null });
    const res = await t.call('GET', '/v1/run/train', { as: admin, query: { project_id: other } });
    await waitForJob(res.json().job_id, other);
    const model = await t.app.services.bots.models.draft(other);
    expect(model!.classify('anything').intent).toBeNull();
  });
});

describe('model cache and worker reload', () => {
  it('caches per process; /worker/reload and a version bump elsewhere drop it; deployments are frozen', async () => {
    const first = await t.app.services.bots.models.draft(1);
    expect(await t.app.services.bots.models.draft(1)).toBe(first);
    const reload = await t.call('GET', '/v1/worker/reload', { as: admin });
    expect(reload.statusCode).toBe(200);
    const second = await t.app.services.bots.models.draft(1);
    expect(second).not.toBe(first);
    expect(second!.classify('hello').intent?.name).toBe('greeting');
    // Another process trained or reloaded: only the stored version changed.
    await bumpDraftModelVersion(t.db, 1);
    expect(await t.app.services.bots.models.draft(1)).not.toBe(second);
    // Entities are read again on reload: a new dictionary value is found without retraining.
    const pizzaType = (await t.call('GET', '/v1/entities', { as: admin }))
      .json()
      .find((e: { name: string }) => e.name === 'pizza_type');
    await write(t, admin, 'PUT', `/v1/entities/${pizzaType.id}`, {
      body: { ...pizzaType, values: `${pizzaType.values}\nfunghi` },
      resource: '/v1/entities',
    });
    await t.call('GET', '/v1/worker/reload', { as: admin });
    const reloaded = await t.app.services.bots.models.draft(1);
    expect(reloaded!.classify('one funghi please').entities.map((e) => e.value)).toContain('funghi');
    // Deploying freezes the draft; the deployment's model never changes after.
    expect(await freezeDraftModel(t.db, 1, 4242)).toBe(true);
    const deployed = await t.app.services.bots.models.deployment(4242);
    expect(deployed!.classify('hello').intent?.name).toBe('greeting');
    expect(await t.app.services.bots.models.deployment(4242)).toBe(deployed);
    expect(await t.app.services.bots.models.deployment(999_999)).toBeNull();
  });
});

describe('job queue', () => {
  it('takes each job once under concurrent takers (FOR UPDATE SKIP LOCKED), and takes over a stale one', async () => {
    const jobs = await Promise.all([1, 2, 3].map(() => enqueueJob(t.db, { kind: 'test-kind', projectId: 1 })));
    // Four takers on four connections, as four worker processes would be.
    const taken = await withOwnConnections(t, 4, (db) =>
      Promise.all([1, 2, 3, 4].map((w) => takeJob(db, `w${w}`, ['test-kind']))),
    );
    const ids = taken.filter((j) => j !== null).map((j) => j!.id);
    expect(ids.sort()).toEqual(jobs.map((j) => j.id).sort());
    expect(taken.filter((j) => j === null)).toHaveLength(1);
    await t.db
      .updateTable('jobs')
      .set({ heartbeat_at: new Date(Date.now() - 3_600_000) })
      .where('id', '=', jobs[0]!.id)
      .execute();
    const again = await takeJob(t.db, 'w9', ['test-kind']);
    expect(again).toMatchObject({ id: jobs[0]!.id, attempts: 2 });
  });

  it('a waiting training job is reused (pressing Train twice trains once)', async () => {
    const a = await enqueueJob(t.db, { kind: 'coalesced', projectId: 1, coalesce: true });
    const b = await enqueueJob(t.db, { kind: 'coalesced', projectId: 1, coalesce: true });
    expect(b.id).toBe(a.id);
    expect(TRAIN_DRAFT_JOB).toBe('train-draft');
  });

  it('a runner records a failing job as failed with its message, and keeps going', async () => {
    const ran: number[] = [];
    const runner = new JobRunner(
      t.db,
      {
        boom: async () => {
          throw new Error('boom');
        },
        fine: async (_db, job) => {
          ran.push(job.id);
        },
      },
      { pollMs: 20, log: () => {} },
    ).start();
    try {
      const bad = await enqueueJob(t.db, { kind: 'boom', projectId: 1 });
      const good = await enqueueJob(t.db, { kind: 'fine', projectId: 1 });
      runner.kick();
      const deadline = Date.now() + 20_000;
      while (Date.now() < deadline && (await jobById(t.db, good.id))?.status !== 'done')
        await new Promise((r) => setTimeout(r, 50));
      expect(await jobById(t.db, bad.id)).toMatchObject({ status: 'failed', error: 'boom' });
      expect(ran).toEqual([good.id]);
    } finally {
      await runner.stop();
    }
  });
});
