import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { CallAccess } from '../../../src/api/contract/call.ts';
import type { CurrentUser } from '../../../src/api/contract/users.ts';
import {
  type AdminUser,
  NO_USER_SELECTED,
  type ProjectMembers,
  USER_ALREADY_ADDED,
  type usersProjectsBody,
  type userBody,
} from '../../../src/api/contract/users-admin.ts';
import { can } from '../../../src/api/permissions.ts';
import type { z } from 'zod';
import { hashPassword } from '../../auth/passwords.ts';
import { endAllSessions } from '../../auth/sessions.ts';
import type { Db } from '../../db/database.ts';
import { invalidInput, notFound, notPermitted } from '../../domain-errors.ts';
import {
  addProjectMembers,
  changeProjectRole,
  insertUser,
  markUserDeleted,
  removeProjectMember,
  storePassword,
  updateUserDetails,
} from './users-store.ts';

/** One answer for "no such user" and "a user of another company", so neither can be told apart (ASVS 8.2.2). */
export const USER_NOT_FOUND = 'User not found.';
export const PROJECT_NOT_FOUND = 'Project not found.';
export const EMAIL_TAKEN = 'A user with this email already exists.';

/**
 * Whose users the caller reaches: with the call's grant held as a system grant, everyone; otherwise the
 * live users of the caller's own company, and none of those holding a system role may be changed.
 */
export interface UserReach {
  system: boolean;
  companyId: number | null;
  callerId: number;
}

export function reachOf(user: CurrentUser, access: CallAccess): UserReach {
  const system = access.kind === 'grant' && can(user, access.method, access.path, null);
  return { system, companyId: user.company_id, callerId: user.id };
}

/** A one-off password, shown once to the administrator and marked expired. */
const oneOffPassword = (): string => randomBytes(12).toString('base64url');

type UserRow = { id: number; name: string; email: string; system_role_id: number | null; company_id: number | null };

/** Live users the caller may see, newest last. */
export async function listUsers(db: Db, reach: UserReach): Promise<AdminUser[]> {
  if (!reach.system && reach.companyId === null) return [];
  let query = db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'is_active', 'password_expired', 'company_id', 'system_role_id'])
    .where('deleted_at', 'is', null)
    .orderBy('id');
  if (!reach.system) query = query.where('company_id', '=', reach.companyId);
  const users = await query.execute();
  const ids = users.map((u) => u.id);
  const assignments = ids.length
    ? await db
        .selectFrom('user_projects')
        .select(['user_id', 'project_id', 'role_id'])
        .where('user_id', 'in', ids)
        .orderBy('project_id')
        .execute()
    : [];
  return users.map((u) => ({
    id: u.id,
    name: u.name,
    email: u.email,
    active: u.is_active,
    password_expired: u.password_expired,
    company_id: u.company_id,
    system_role_id: u.system_role_id,
    projects: assignments
      .filter((a) => a.user_id === u.id)
      .map((a) => ({ project_id: a.project_id, role_id: a.role_id })),
  }));
}

/** The user if the caller can see them, else the uniform 404. */
async function findVisibleUser(db: Db, reach: UserReach, id: number): Promise<UserRow> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'system_role_id', 'company_id'])
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row || (!reach.system && (reach.companyId === null || row.company_id !== reach.companyId)))
    throw notFound(USER_NOT_FOUND);
  return row;
}

/** Visible, and not a platform administrator unless the caller is one too (no escalation through a reset). */
export async function findManageableUser(db: Db, reach: UserReach, id: number): Promise<UserRow> {
  const row = await findVisibleUser(db, reach, id);
  if (row.system_role_id !== null && !reach.system) throw notPermitted();
  return row;
}

async function assertEmailFree(db: Db, email: string, exceptId: number | null): Promise<void> {
  let query = db.selectFrom('users').select('id').where(sql`lower(email)`, '=', email.toLowerCase());
  if (exceptId !== null) query = query.where('id', '!=', exceptId);
  if (await query.executeTakeFirst()) throw invalidInput(EMAIL_TAKEN);
}

/** Only on create: a role in one project, within the caller's reach and grant (as PUT /users/projects checks). */
async function assertProjectRoleAllowed(
  db: Db,
  user: CurrentUser,
  wanted: { project_id: number; role_id: number },
): Promise<string> {
  const project = await db
    .selectFrom('projects')
    .select(['id', 'name'])
    .where('id', '=', wanted.project_id)
    .executeTakeFirst();
  const reachable = project && (can(user, 'GET', '/users', null) || user.projects.some((p) => p.id === project.id));
  if (!project || !reachable) throw notFound(PROJECT_NOT_FOUND);
  if (!can(user, 'PUT', '/users/projects', project.id)) throw notPermitted();
  const role = await db.selectFrom('roles').select('id').where('id', '=', wanted.role_id).executeTakeFirst();
  if (!role) throw invalidInput('Unknown role.');
  return project.name;
}

export async function createUser(
  db: Db,
  user: CurrentUser,
  reach: UserReach,
  body: z.output<typeof userBody>,
): Promise<{ id: number; password: string; email: string; project: string | null }> {
  await assertEmailFree(db, body.email, null);
  const projectName = body.project ? await assertProjectRoleAllowed(db, user, body.project) : null;
  const password = oneOffPassword();
  const id = await insertUser(db, {
    company_id: reach.companyId,
    name: body.name,
    email: body.email,
    passwd_hash: await hashPassword(password),
    password_expired: true,
    password_changed_at: new Date(),
    is_active: body.active ?? true,
  });
  // The same transaction (platformWrite's): a refused role leaves no user behind.
  if (body.project) {
    await addProjectMembers(db, [{ project_id: body.project.project_id, user_id: id, role_id: body.project.role_id }]);
  }
  return { id, password, email: body.email, project: projectName };
}

export async function updateUser(
  db: Db,
  reach: UserReach,
  id: number,
  body: z.output<typeof userBody>,
): Promise<UserRow> {
  if (body.project) throw invalidInput('Roles of an existing user are changed in Manage roles.');
  const row = await findManageableUser(db, reach, id);
  if (body.active === false && id === reach.callerId) throw invalidInput('You cannot deactivate yourself.');
  await assertEmailFree(db, body.email, id);
  await updateUserDetails(db, id, { name: body.name, email: body.email, active: body.active });
  // A deactivated user's cookies stop working at once (ASVS 7.4.1).
  if (body.active === false) await endAllSessions(db, id);
  return row;
}

/** Soft delete: the row stays for the users log, the address is freed, every session and assignment ends. */
export async function deleteUser(db: Db, reach: UserReach, id: number): Promise<UserRow> {
  const row = await findManageableUser(db, reach, id);
  if (id === reach.callerId) throw invalidInput('You cannot delete yourself.');
  await markUserDeleted(db, id);
  await endAllSessions(db, id);
  return row;
}

export async function resetPassword(db: Db, reach: UserReach, id: number): Promise<{ row: UserRow; password: string }> {
  const row = await findManageableUser(db, reach, id);
  const password = oneOffPassword();
  await storePassword(db, id, await hashPassword(password), true);
  await endAllSessions(db, id);
  return { row, password };
}

/** Projects whose members the caller may see: all with the grant held system-wide, else their own with the grant. */
async function reachableProjects(db: Db, user: CurrentUser, method: 'GET' | 'PUT', path: string) {
  if (can(user, method, path, null))
    return db.selectFrom('projects').select(['id', 'name']).orderBy('name').orderBy('id').execute();
  return user.projects.filter((p) => can(user, method, path, p.id));
}

export async function listProjectMembers(db: Db, user: CurrentUser): Promise<ProjectMembers[]> {
  const projects = await reachableProjects(db, user, 'GET', '/users');
  if (projects.length === 0) return [];
  const rows = await db
    .selectFrom('user_projects')
    .innerJoin('users', 'users.id', 'user_projects.user_id')
    .select(['user_projects.project_id', 'user_projects.user_id', 'user_projects.role_id'])
    .where(
      'user_projects.project_id',
      'in',
      projects.map((p) => p.id),
    )
    .where('users.deleted_at', 'is', null)
    .orderBy('user_projects.user_id')
    .execute();
  return projects.map((p) => ({
    project_id: p.id,
    project_name: p.name,
    users: rows.filter((r) => r.project_id === p.id).map((r) => ({ user_id: r.user_id, role_id: r.role_id })),
  }));
}

export interface MembershipChange {
  project: string;
  added: number;
  removed: number;
  changed: number;
}

/**
 * Replaces the members of each listed project. Validated like the screen (spec 1 §5) and more: the project and
 * every changed user must be within reach; unchanged members the caller cannot see may stay as they are.
 * Removed members' sessions end, so their old cookie cannot keep the role (QUALITY: Sessions).
 */
export async function replaceProjectMembers(
  db: Db,
  user: CurrentUser,
  reach: UserReach,
  body: z.output<typeof usersProjectsBody>,
): Promise<MembershipChange[]> {
  const seenProjects = new Set<number>();
  const changes: MembershipChange[] = [];
  const roleIds = new Set((await db.selectFrom('roles').select('id').execute()).map((r) => r.id));
  for (const entry of body) {
    if (seenProjects.has(entry.project_id)) throw invalidInput('A project is listed twice.');
    seenProjects.add(entry.project_id);
    const project = await db
      .selectFrom('projects')
      .select(['id', 'name'])
      .where('id', '=', entry.project_id)
      .executeTakeFirst();
    const reachable = project && (can(user, 'GET', '/users', null) || user.projects.some((p) => p.id === project.id));
    if (!project || !reachable) throw notFound(PROJECT_NOT_FOUND);
    if (!can(user, 'PUT', '/users/projects', project.id)) throw notPermitted();

    const wanted = new Map<number, number>();
    for (const member of entry.users) {
      if (member.user_id === null) throw invalidInput(NO_USER_SELECTED);
      if (wanted.has(member.user_id)) throw invalidInput(USER_ALREADY_ADDED);
      if (!roleIds.has(member.role_id)) throw invalidInput('Unknown role.');
      wanted.set(member.user_id, member.role_id);
    }
    const current = new Map(
      (
        await db
          .selectFrom('user_projects')
          .select(['user_id', 'role_id'])
          .where('project_id', '=', project.id)
          .execute()
      ).map((r) => [r.user_id, r.role_id]),
    );
    const touched = [...new Set([...wanted.keys(), ...current.keys()])].filter(
      (id) => wanted.get(id) !== current.get(id),
    );
    for (const id of touched) await findManageableUser(db, reach, id);

    const change: MembershipChange = { project: project.name, added: 0, removed: 0, changed: 0 };
    for (const id of touched) {
      const role = wanted.get(id);
      if (role === undefined) {
        await removeProjectMember(db, project.id, id);
        await endAllSessions(db, id);
        change.removed++;
      } else if (current.has(id)) {
        await changeProjectRole(db, project.id, id, role);
        change.changed++;
      } else {
        await addProjectMembers(db, [{ project_id: project.id, user_id: id, role_id: role }]);
        change.added++;
      }
    }
    changes.push(change);
  }
  if (changes.length === 0) throw invalidInput('No project to change.');
  return changes;
}

/** A user's id, email and company, or undefined (the one-time-code reset checks the caller's reach with it). */
export function userById(db: Db, id: number) {
  return db.selectFrom('users').select(['id', 'email', 'company_id']).where('id', '=', id).executeTakeFirst();
}

/** What a password login checks of the account with this (lower-case) email, or undefined. */
export function loginCandidate(db: Db, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'passwd_hash', 'otp_secret', 'is_active'])
    .where('email', '=', email)
    .executeTakeFirst();
}

/** The stored hash of a user's password (the own password change checks the current one against it). */
export async function passwordHashOf(db: Db, userId: number): Promise<string> {
  const row = await db.selectFrom('users').select('passwd_hash').where('id', '=', userId).executeTakeFirstOrThrow();
  return row.passwd_hash;
}

/** The user's own new password: no longer expired, its age counted from now. */
export function setOwnPassword(db: Db, userId: number, passwdHash: string): Promise<void> {
  return storePassword(db, userId, passwdHash, false);
}
