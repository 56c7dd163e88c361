import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import {
  COMPANIES_RESOURCE,
  COMPANY_IN_USE,
  COMPANY_NOT_FOUND,
  DUPLICIT_COMPANY,
  deleteCompany,
  getCompanies,
  saveCompany,
} from '../../src/api/contract/companies.ts';
import type { CurrentUser } from '../../src/api/contract/users.ts';
import type { Db } from '../db/database.ts';
import { HttpError, notFound } from '../http/http-error.ts';
import type { AppServices } from '../app-services.ts';
import { registerCall } from '../http/register-call.ts';
import { platformWrite, sendPlatformAtime } from '../services/platform-write.ts';

/** Platform administrators (a system grant to edit companies) see and edit every company; others their own. */
const reachesEveryCompany = (user: CurrentUser): boolean =>
  user.permissions.system_grants.some(
    (g) => g.method === 'PUT' && (g.path === '/companies/{id}' || g.path === '/system/companies/{id}'),
  );

async function assertReachable(db: Db, user: CurrentUser, id: number): Promise<string> {
  const row = await db.selectFrom('companies').select('name').where('id', '=', id).executeTakeFirst();
  if (!row || (!reachesEveryCompany(user) && user.company_id !== id)) throw notFound(COMPANY_NOT_FOUND);
  return row.name;
}

async function assertUniqueName(trx: Db, name: string, exceptId: number): Promise<void> {
  const clash = await trx
    .selectFrom('companies')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
    .where('id', '<>', exceptId)
    .executeTakeFirst();
  if (clash) throw new HttpError(400, DUPLICIT_COMPANY);
}

export default async function companyRoutes(app: FastifyInstance, services: AppServices) {
  const { db } = services;

  registerCall(app, services, getCompanies, async ({ requireUser, reply }) => {
    const user = requireUser();
    await sendPlatformAtime({ db, reply }, COMPANIES_RESOURCE);
    let query = db
      .selectFrom('companies as c')
      .select((eb) => [
        'c.id',
        'c.name',
        eb
          .selectFrom('users')
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef('users.company_id', '=', 'c.id')
          .as('users'),
        eb
          .selectFrom('projects')
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef('projects.company_id', '=', 'c.id')
          .as('projects'),
      ])
      .orderBy('c.name');
    if (!reachesEveryCompany(user)) query = query.where('c.id', '=', user.company_id ?? -1);
    const rows = await query.execute();
    return rows.map((r) => ({ id: r.id, name: r.name, users: r.users ?? 0, projects: r.projects ?? 0 }));
  });

  registerCall(app, services, saveCompany, async ({ params, body, query, reply, requireUser, projectId }) => {
    const user = requireUser();
    const creating = params.id === -1;
    if (creating && !reachesEveryCompany(user)) throw new HttpError(402, 'Insufficient permissions.');
    if (!creating) await assertReachable(db, user, params.id);
    const action = creating ? `Created company ${body.name}` : `Renamed company ${params.id} to ${body.name}`;
    return platformWrite(
      { db, reply, query, userId: user.id, projectId },
      COMPANIES_RESOURCE,
      async (trx) => {
        await assertUniqueName(trx, body.name, params.id);
        if (creating)
          return trx.insertInto('companies').values({ name: body.name }).returning('id').executeTakeFirstOrThrow();
        await trx.updateTable('companies').set({ name: body.name }).where('id', '=', params.id).execute();
        return { id: params.id };
      },
      () => action,
    );
  });

  registerCall(app, services, deleteCompany, async ({ params, query, reply, requireUser, projectId }) => {
    const user = requireUser();
    const name = await assertReachable(db, user, params.id);
    await platformWrite(
      { db, reply, query, userId: user.id, projectId },
      COMPANIES_RESOURCE,
      async (trx) => {
        const inUse = await sql<{ n: number }>`
          SELECT (SELECT count(*) FROM users WHERE company_id = ${params.id})
               + (SELECT count(*) FROM projects WHERE company_id = ${params.id}) AS n`.execute(trx);
        if (Number(inUse.rows[0]?.n ?? 0) > 0) throw new HttpError(400, COMPANY_IN_USE);
        await trx.deleteFrom('companies').where('id', '=', params.id).execute();
      },
      () => `Deleted company ${name}`,
    );
    return { status: 'ok' as const };
  });
}
