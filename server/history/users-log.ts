import { type SelectQueryBuilder, sql } from 'kysely';
import { USERS_LOG_MONTHS } from '../../src/api/contract/users-logs.ts';
import type { CurrentUser } from '../../src/api/contract/users.ts';
import type { Database } from '../db/schema.ts';
import type { Db } from '../db/database.ts';

/** Appends the human-readable line every state change leaves (DESIGN §5); the log has no edit call. */
export async function logUserAction(
  db: Db,
  entry: { userId: number | null; projectId?: number | null; action: string },
): Promise<void> {
  await db
    .insertInto('users_logs')
    .values({ user_id: entry.userId, project_id: entry.projectId ?? null, action: entry.action.slice(0, 500) })
    .execute();
}

const CSV_BATCH = 1000;

/** `%`, `_` and `\` typed by a person match themselves. */
const likePattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A platform-wide grant sees every line; anyone else the lines of their company's users. */
const seesEveryLine = (user: CurrentUser): boolean =>
  user.permissions.system_grants.some(
    (g) => g.method === 'GET' && (g.path === '/users-logs' || g.path === '/system/users-logs'),
  );

type LogQuery = SelectQueryBuilder<Database & { l: Database['users_logs']; u: Database['users'] }, 'l' | 'u', object>;

/** Who may see which lines, and the filters typed on the users-log screen. */
export interface UsersLogFilter {
  caller: CurrentUser;
  user?: string;
  search?: string;
}

const COLUMNS = ['l.id', 'l.user_id', 'u.name', 'u.email', 'l.action', 'l.created_at'] as const;

/** The last USERS_LOG_MONTHS of lines the caller may see, matching the filters. */
function filteredLines(db: Db, filter: UsersLogFilter): LogQuery {
  let q = db
    .selectFrom('users_logs as l')
    .leftJoin('users as u', 'u.id', 'l.user_id')
    .where(
      'l.created_at',
      '>=',
      sql<Date>`now() - make_interval(months => ${USERS_LOG_MONTHS})`,
    ) as unknown as LogQuery;
  if (!seesEveryLine(filter.caller)) q = q.where('u.company_id', '=', filter.caller.company_id ?? -1);
  if (filter.user) {
    const pattern = likePattern(filter.user);
    q = q.where((eb) => eb.or([eb('u.name', 'ilike', pattern), eb('u.email', 'ilike', pattern)]));
  }
  if (filter.search) q = q.where('l.action', 'ilike', likePattern(filter.search));
  return q;
}

/** One page of lines, newest first, and how many match in all. */
export async function usersLogPage(db: Db, filter: UsersLogFilter, page: number, size: number) {
  const [{ total }, items] = await Promise.all([
    filteredLines(db, filter).select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
    filteredLines(db, filter)
      .select(COLUMNS)
      .orderBy('l.id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
  ]);
  return { total, items };
}

/** Every matching line as CSV rows, newest first, read in batches. */
export async function* usersLogCsvRows(db: Db, filter: UsersLogFilter) {
  let before = Number.MAX_SAFE_INTEGER;
  for (;;) {
    const batch = await filteredLines(db, filter)
      .select(COLUMNS)
      .where('l.id', '<', before)
      .orderBy('l.id', 'desc')
      .limit(CSV_BATCH)
      .execute();
    for (const r of batch) yield [r.id, r.name ?? '', r.email ?? '', r.action, new Date(r.created_at).toISOString()];
    if (batch.length < CSV_BATCH) return;
    before = batch[batch.length - 1]!.id;
  }
}
