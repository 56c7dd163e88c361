import type { FastifyInstance } from 'fastify';
import {
  QA_TOASTS,
  deleteQaTraining,
  exportQaTrainings,
  getQaEvaluation,
  getQaTrainings,
  importQaTrainings,
  putQaTraining,
  qaTrainingsExportFileName,
  runQaEvaluation,
} from '../../../src/api/contract/qa-trainings.ts';
import type { RouteServices } from '../../http/register-call.ts';
import type { JobRunner } from '../../jobs/job-runner.ts';
import { registerCall } from '../../http/register-call.ts';
import { readUploadedCsv } from '../../http/uploaded-csv.ts';
import { attachmentHeader } from '../../csv/csv-export.ts';
import { qaEvaluationStatus, latestQaEvaluation, queueQaEvaluation } from './qa-evaluation.ts';
import * as qa from './qa-trainings.ts';
import { exportQaTrainingsCsv, importQaTrainingsCsv } from './qa-trainings-csv.ts';

export default async function qaTrainingRoutes(
  app: FastifyInstance,
  services: RouteServices & { jobs: JobRunner | null; config: { importMaxBytes: number } },
) {
  registerCall(app, services, getQaTrainings, async ({ query, requireProject, db, reply }) => {
    const projectId = requireProject();
    if (query.mtime !== undefined) reply.removeHeader('x-atime');
    return qa.auditedQaTrainings(db, projectId, query.mtime);
  });

  registerCall(app, services, putQaTraining, async ({ params, body, write, requireProject, requireUser }) => {
    const projectId = requireProject();
    const user = requireUser();
    const verb = params.id === -1 ? 'Added' : 'Saved';
    const id = await write(`${verb} QA question ${body.question.slice(0, 80)}`, (trx, atime) =>
      qa.saveQaTraining(trx, { projectId, userId: user.id, atime }, params.id, body),
    );
    return { id };
  });

  registerCall(app, services, deleteQaTraining, async ({ params, write, requireProject, requireUser }) => {
    const projectId = requireProject();
    const user = requireUser();
    await write(`Deleted QA question ${params.id}`, (trx, atime) =>
      qa.deleteQaTraining(trx, { projectId, userId: user.id, atime }, params.id),
    );
    return { status: 'ok' as const };
  });

  registerCall(app, services, exportQaTrainings, async ({ requireProject, db, reply }) => {
    const projectId = requireProject();
    const csv = await exportQaTrainingsCsv(db, projectId);
    reply.header('content-type', 'text/csv; charset=utf-8');
    reply.header('content-disposition', attachmentHeader(qaTrainingsExportFileName(projectId)));
    return csv;
  });

  registerCall(app, services, importQaTrainings, async ({ request, write, requireProject, user }) => {
    const projectId = requireProject();
    const text = await readUploadedCsv(request, services.config.importMaxBytes);
    const result = await write('Imported QA questions', (trx, atime) =>
      importQaTrainingsCsv(trx, { projectId, userId: user?.id ?? null, atime }, text),
    );
    return { status: 'ok' as const, message: QA_TOASTS.imported, ...result };
  });

  registerCall(app, services, runQaEvaluation, async ({ requireProject, db, log }) => {
    const job = await queueQaEvaluation(db, requireProject());
    services.jobs?.kick();
    await log('Submitted QA trainings for evaluation');
    return { status: 'ok' as const, job_id: job.id, state: job.status };
  });

  registerCall(app, services, getQaEvaluation, async ({ requireProject, db }) => {
    const projectId = requireProject();
    const [status, result] = await Promise.all([qaEvaluationStatus(db, projectId), latestQaEvaluation(db, projectId)]);
    return { status, result };
  });
}
