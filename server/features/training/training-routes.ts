import type { FastifyInstance } from 'fastify';
import { getEvaluation, reloadWorker, runTrain } from '../../../src/api/contract/training.ts';
import type { RouteServices } from '../../http/register-call.ts';
import type { JobRunner } from '../../jobs/job-runner.ts';
import type { ModelCache } from './model-cache.ts';
import { registerCall } from '../../http/register-call.ts';
import { latestEvaluation } from './evaluations.ts';
import { queueDraftTraining, reloadDraftModel, trainingStatus } from './training.ts';

export default async function trainingRoutes(
  app: FastifyInstance,
  services: RouteServices & { jobs: JobRunner | null; bots: { models: ModelCache } },
) {
  registerCall(app, services, runTrain, async ({ requireProject, db, log }) => {
    const job = await queueDraftTraining(db, requireProject());
    // Look for it now rather than at the runner's next poll.
    services.jobs?.kick();
    await log('Submitted for NLU train');
    return { status: 'ok' as const, job_id: job.id, state: job.status };
  });

  registerCall(app, services, getEvaluation, async ({ requireProject, db }) => {
    const projectId = requireProject();
    const status = await trainingStatus(db, projectId);
    const latest = await latestEvaluation(db, projectId);
    return {
      status,
      evaluation: latest?.data.evaluation ?? null,
      clashes: latest?.data.clashes ?? [],
      accuracy: latest?.data.accuracy ?? null,
      threshold: latest?.data.threshold ?? null,
      threshold_choice: latest?.data.threshold_choice ?? null,
    };
  });

  registerCall(app, services, reloadWorker, async ({ requireProject, db, log }) => {
    await reloadDraftModel(db, services.bots.models, requireProject());
    await log('Reloaded the language model worker');
    return { status: 'ok' as const };
  });
}
