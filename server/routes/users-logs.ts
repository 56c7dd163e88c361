import type { FastifyInstance } from 'fastify';
import { type SelectQueryBuilder, sql } from 'kysely';
import { USERS_LOG_MONTHS, getUsersLogs } from '../../src/api/contract/users-logs.ts';
import type { CurrentUser } from '../../src/api/contract/users.ts';
import type { Database } from '../db/schema.ts';
import type { AppServices } from '../app-services.ts';
import { registerCall } from '../http/register-call.ts';
import { attachmentHeader, csvStream } from '../services/csv-export.ts';

const CSV_BATCH = 1000;

/** `%`, `_` and `\` typed by a person match themselves. */
const likePattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A platform-wide grant sees every line; anyone else the lines of their company's users. */
const seesEveryLine = (user: CurrentUser): boolean =>
  user.permissions.system_grants.some(
    (g) => g.method === 'GET' && (g.path === '/users-logs' || g.path === '/system/users-logs'),
  );

type LogQuery = SelectQueryBuilder<Database & { l: Database['users_logs']; u: Database['users'] }, 'l' | 'u', object>;

export default async function usersLogRoutes(app: FastifyInstance, services: AppServices) {
  const { db } = services;

  registerCall(app, services, getUsersLogs, async ({ query, requireUser, reply }) => {
    const caller = requireUser();
    const filtered = (): LogQuery => {
      let q = db
        .selectFrom('users_logs as l')
        .leftJoin('users as u', 'u.id', 'l.user_id')
        .where(
          'l.created_at',
          '>=',
          sql<Date>`now() - make_interval(months => ${USERS_LOG_MONTHS})`,
        ) as unknown as LogQuery;
      if (!seesEveryLine(caller)) q = q.where('u.company_id', '=', caller.company_id ?? -1);
      if (query.user) {
        const pattern = likePattern(query.user);
        q = q.where((eb) => eb.or([eb('u.name', 'ilike', pattern), eb('u.email', 'ilike', pattern)]));
      }
      if (query.search) q = q.where('l.action', 'ilike', likePattern(query.search));
      return q;
    };
    const columns = ['l.id', 'l.user_id', 'u.name', 'u.email', 'l.action', 'l.created_at'] as const;

    if (query.format === 'csv') {
      async function* rows() {
        let before = Number.MAX_SAFE_INTEGER;
        for (;;) {
          const batch = await filtered()
            .select(columns)
            .where('l.id', '<', before)
            .orderBy('l.id', 'desc')
            .limit(CSV_BATCH)
            .execute();
          for (const r of batch)
            yield [r.id, r.name ?? '', r.email ?? '', r.action, new Date(r.created_at).toISOString()];
          if (batch.length < CSV_BATCH) return;
          before = batch[batch.length - 1]!.id;
        }
      }
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', attachmentHeader(`users_logs_${new Date().toISOString().slice(0, 10)}.csv`))
        .header('x-content-type-options', 'nosniff');
      return reply.send(csvStream(['ID', 'User', 'Email', 'Action', 'Logged at'], rows())) as never;
    }

    const [{ total }, items] = await Promise.all([
      filtered().select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
      filtered()
        .select(columns)
        .orderBy('l.id', 'desc')
        .limit(query.size)
        .offset((query.page - 1) * query.size)
        .execute(),
    ]);
    return {
      items: items.map((r) => ({ ...r, created_at: new Date(r.created_at).toISOString() })),
      total,
      page: query.page,
      size: query.size,
    };
  });
}
