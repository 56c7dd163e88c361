import type { FastifyInstance } from 'fastify';
import { getUsersLogs } from '../../../src/api/contract/users-logs.ts';
import type { RouteServices } from '../../http/register-call.ts';
import { registerCall } from '../../http/register-call.ts';
import { attachmentHeader, csvStream } from '../../csv/csv-export.ts';
import { usersLogCsvRows, usersLogPage } from '../../history/users-log.ts';

export default async function usersLogRoutes(app: FastifyInstance, services: RouteServices) {
  const { db } = services;

  registerCall(app, services, getUsersLogs, async ({ query, requireUser, reply }) => {
    const filter = { caller: requireUser(), user: query.user, search: query.search };
    if (query.format === 'csv') {
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', attachmentHeader(`users_logs_${new Date().toISOString().slice(0, 10)}.csv`))
        .header('x-content-type-options', 'nosniff');
      return reply.send(
        csvStream(['ID', 'User', 'Email', 'Action', 'Logged at'], usersLogCsvRows(db, filter)),
      ) as never;
    }
    const { total, items } = await usersLogPage(db, filter, query.page, query.size);
    return {
      items: items.map((r) => ({ ...r, created_at: new Date(r.created_at).toISOString() })),
      total,
      page: query.page,
      size: query.size,
    };
  });
}
