import { type Insertable, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { UserProjectsTable, UsersTable } from '../../db/schema.ts';

/*
 * The only module that writes `users` and `user_projects` (issue 32: one writer per table, held by
 * test/unit/table-writers.test.ts). Services, sign-in, projects and the seed decide; these statements store.
 */

/** A new account; answers its id. */
export async function insertUser(db: Db, values: Insertable<UsersTable>): Promise<number> {
  const { id } = await db.insertInto('users').values(values).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** Name, email and (when given) whether the account is active. */
export async function updateUserDetails(
  db: Db,
  id: number,
  d: { name: string; email: string; active: boolean | undefined },
): Promise<void> {
  await db
    .updateTable('users')
    .set({ name: d.name, email: d.email, ...(d.active === undefined ? {} : { is_active: d.active }) })
    .where('id', '=', id)
    .execute();
}

/** Soft delete: the row stays for the users log, the address is freed, and so are the user's projects. */
export async function markUserDeleted(db: Db, id: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ deleted_at: new Date(), is_active: false, email: `deleted-${id}@deleted.invalid`, otp_secret: null })
    .where('id', '=', id)
    .execute();
  await db.deleteFrom('user_projects').where('user_id', '=', id).execute();
}

/** A new password hash; `expired` when an administrator set it (a one-off), not when the user chose it. */
export async function storePassword(db: Db, id: number, passwdHash: string, expired: boolean): Promise<void> {
  await db
    .updateTable('users')
    .set({ passwd_hash: passwdHash, password_expired: expired, password_changed_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/** Accepts a step once: the update only succeeds for a step later than the last one used (no replay). */
export async function consumeStep(db: Db, userId: number, step: number): Promise<boolean> {
  const { rows } = await sql`
    UPDATE users SET otp_last_step = ${step}
    WHERE id = ${userId} AND (otp_last_step IS NULL OR otp_last_step < ${step})
    RETURNING id`.execute(db);
  return rows.length === 1;
}

/** Turns codes on with a claimed secret, unless they already were on; true when it did. */
export async function turnOtpOn(db: Db, userId: number, secret: string, step: number): Promise<boolean> {
  const updated = await db
    .updateTable('users')
    .set({ otp_secret: secret, otp_last_step: step })
    .where('id', '=', userId)
    .where('otp_secret', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return updated !== undefined;
}

/** Turns the user's one-time codes off (their own choice, or an administrator's reset). */
export async function clearOtp(db: Db, userId: number): Promise<void> {
  await db.updateTable('users').set({ otp_secret: null, otp_last_step: null }).where('id', '=', userId).execute();
}

/** Takes a role from its holders: their project assignments and the system role. Answers who held it. */
export async function removeRoleHolders(db: Db, roleId: number): Promise<Set<number>> {
  const removed = await db.deleteFrom('user_projects').where('role_id', '=', roleId).returning('user_id').execute();
  const systemHolders = await db
    .updateTable('users')
    .set({ system_role_id: null })
    .where('system_role_id', '=', roleId)
    .returning('id')
    .execute();
  return new Set([...removed.map((r) => r.user_id), ...systemHolders.map((r) => r.id)]);
}

/** Gives users roles in projects (rows of `user_projects`). */
export async function addProjectMembers(db: Db, rows: Insertable<UserProjectsTable>[]): Promise<void> {
  if (rows.length) await db.insertInto('user_projects').values(rows).execute();
}

export async function changeProjectRole(db: Db, projectId: number, userId: number, roleId: number): Promise<void> {
  await db
    .updateTable('user_projects')
    .set({ role_id: roleId })
    .where('project_id', '=', projectId)
    .where('user_id', '=', userId)
    .execute();
}

export async function removeProjectMember(db: Db, projectId: number, userId: number): Promise<void> {
  await db.deleteFrom('user_projects').where('project_id', '=', projectId).where('user_id', '=', userId).execute();
}

/** Replaces every project role of a user (directory role synchronisation). */
export async function replaceUserProjects(
  db: Db,
  userId: number,
  rows: Insertable<UserProjectsTable>[],
): Promise<void> {
  await db.deleteFrom('user_projects').where('user_id', '=', userId).execute();
  await addProjectMembers(db, rows);
}
