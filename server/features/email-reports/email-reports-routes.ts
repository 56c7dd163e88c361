import type { FastifyInstance } from 'fastify';
import {
  deleteEmailReport as deleteEmailReportCall,
  getEmailReports,
  saveEmailReport as saveEmailReportCall,
  sendEmailReportNow,
} from '../../../src/api/contract/email-reports.ts';
import { can } from '../../../src/api/permissions.ts';
import type { CurrentUser } from '../../../src/api/contract/users.ts';
import { notPermitted } from '../../domain-errors.ts';
import type { RouteServices } from '../../http/register-call.ts';
import { registerCall } from '../../http/register-call.ts';
import type { EmailReportSender } from './email-report-sender.ts';
import { deleteEmailReport, emailReportById, listEmailReports, saveEmailReport } from './email-reports.ts';

/** A report mails an environment's statistics: whoever sets one up or sends it must be allowed to see them. */
function assertMaySeeStats(user: CurrentUser | null, projectId: number, env: 'dev' | 'prod'): void {
  if (!can(user, 'GET', '/stats', projectId, env)) throw notPermitted();
}

/** Email reports of a project (issue 37 §2): the store, and "Send now". */
export default async function emailReportRoutes(
  app: FastifyInstance,
  services: RouteServices & { emailReports: EmailReportSender },
) {
  const { db, emailReports } = services;

  registerCall(app, services, getEmailReports, async ({ query, requireProject }) =>
    listEmailReports(db, requireProject(), query.mtime),
  );

  registerCall(app, services, saveEmailReportCall, async ({ params, body, write, requireProject, user }) => {
    const projectId = requireProject();
    assertMaySeeStats(user, projectId, body.project_env);
    const action = params.id === -1 ? `Created email report ${body.name}` : `Updated email report ${body.name}`;
    return write(action, (trx, atime) =>
      saveEmailReport(trx, { projectId, atime, userId: user?.id ?? null }, params.id, body),
    );
  });

  registerCall(app, services, deleteEmailReportCall, async ({ params, write, requireProject, user }) => {
    const projectId = requireProject();
    const { name } = await emailReportById(db, projectId, params.id);
    await write(`Deleted email report ${name}`, (trx, atime) =>
      deleteEmailReport(trx, { projectId, atime, userId: user?.id ?? null }, params.id),
    );
    return { status: 'ok' as const };
  });

  registerCall(app, services, sendEmailReportNow, async ({ params, requireProject, user, log }) => {
    const projectId = requireProject();
    const report = await emailReportById(db, projectId, params.id);
    assertMaySeeStats(user, projectId, report.project_env);
    const sent = await emailReports.sendNow(projectId, params.id);
    await log(`Sent email report ${report.name} now (${sent.status})`);
    return sent;
  });
}
