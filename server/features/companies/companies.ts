import { sql } from 'kysely';
import { COMPANY_IN_USE, COMPANY_NOT_FOUND, DUPLICIT_COMPANY } from '../../../src/api/contract/companies.ts';
import type { CurrentUser } from '../../../src/api/contract/users.ts';
import type { Db } from '../../db/database.ts';
import { invalidInput, notFound } from '../../domain-errors.ts';

/** Platform administrators (a system grant to edit companies) see and edit every company; others their own. */
export const reachesEveryCompany = (user: CurrentUser): boolean =>
  user.permissions.system_grants.some(
    (g) => g.method === 'PUT' && (g.path === '/companies/{id}' || g.path === '/system/companies/{id}'),
  );

/** The company's name, or 404 when it does not exist or is outside the user's reach. */
export async function reachableCompanyName(db: Db, user: CurrentUser, id: number): Promise<string> {
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
  if (clash) throw invalidInput(DUPLICIT_COMPANY);
}

/** The companies the user reaches, with how many users and projects each has. */
export async function listCompanies(db: Db, user: CurrentUser) {
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
}

/** A new company, unchecked (the seed's first company; the console's go through saveCompany). */
export function insertCompany(trx: Db, name: string): Promise<{ id: number }> {
  return trx.insertInto('companies').values({ name }).returning('id').executeTakeFirstOrThrow();
}

/** Creates (id -1) or renames a company; names are unique whatever their case. */
export async function saveCompany(trx: Db, id: number, name: string): Promise<{ id: number }> {
  await assertUniqueName(trx, name, id);
  if (id === -1) return insertCompany(trx, name);
  await trx.updateTable('companies').set({ name }).where('id', '=', id).execute();
  return { id };
}

/** Deletes a company that no user or project belongs to. */
export async function deleteCompany(trx: Db, id: number): Promise<void> {
  const inUse = await sql<{ n: number }>`
    SELECT (SELECT count(*) FROM users WHERE company_id = ${id})
         + (SELECT count(*) FROM projects WHERE company_id = ${id}) AS n`.execute(trx);
  if (Number(inUse.rows[0]?.n ?? 0) > 0) throw invalidInput(COMPANY_IN_USE);
  await trx.deleteFrom('companies').where('id', '=', id).execute();
}
