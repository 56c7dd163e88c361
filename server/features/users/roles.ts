import { sql } from 'kysely';
import type { z } from 'zod';
import type { Permission } from '../../../src/api/contract/permissions-catalogue.ts';
import {
  ADMINISTRATOR_HOLDS_ALL,
  ADMINISTRATOR_ROLE_ID,
  ADMINISTRATOR_ROLE_UNDELETABLE,
  DEFAULT_ROLE_UNDELETABLE,
  ROLE_NAME_DUPLICIT,
  type Role,
  type rolesPermissionsBody,
} from '../../../src/api/contract/roles.ts';
import { DEFAULT_ROLE_ID } from '../../../src/api/contract/users-admin.ts';
import { endAllSessions } from '../../auth/sessions.ts';
import type { Db } from '../../db/database.ts';
import { invalidInput, notFound } from '../../domain-errors.ts';
import { removeRoleHolders } from './users-store.ts';

export const ROLE_NOT_FOUND = 'Role not found.';

export async function listPermissions(db: Db): Promise<Permission[]> {
  const rows = await db
    .selectFrom('permissions')
    .select(['id', 'name', 'method', 'path', 'project_env', 'covers'])
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    method: r.method,
    resources: r.path,
    project_env: r.project_env,
    covers: r.covers,
  }));
}

export async function listRoles(db: Db): Promise<Role[]> {
  const roles = await db.selectFrom('roles').select(['id', 'name']).orderBy('id').execute();
  const grants = await db
    .selectFrom('role_permissions')
    .select(['role_id', 'permission_id'])
    .orderBy('permission_id')
    .execute();
  return roles.map((r) => ({
    ...r,
    permissions: grants.filter((g) => g.role_id === r.id).map((g) => g.permission_id),
  }));
}

async function findRole(db: Db, id: number): Promise<{ id: number; name: string }> {
  const row = await db.selectFrom('roles').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(ROLE_NOT_FOUND);
  return row;
}

/** Names are unique without regard to case, so 'Editor' and 'editor' cannot both exist (spec 1 §5). */
async function assertNameFree(db: Db, name: string, exceptId: number | null): Promise<void> {
  let query = db.selectFrom('roles').select('id').where(sql`lower(name)`, '=', name.toLowerCase());
  if (exceptId !== null) query = query.where('id', '!=', exceptId);
  if (await query.executeTakeFirst()) throw invalidInput(ROLE_NAME_DUPLICIT);
}

export async function createRole(db: Db, name: string): Promise<number> {
  await assertNameFree(db, name, null);
  const { id } = await db.insertInto('roles').values({ name }).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function renameRole(db: Db, id: number, name: string): Promise<string> {
  const role = await findRole(db, id);
  await assertNameFree(db, name, id);
  await db.updateTable('roles').set({ name }).where('id', '=', id).execute();
  return role.name;
}

/** Removes the role and its holders from every project (spec 1 §4); their sessions end. */
export async function deleteRole(db: Db, id: number): Promise<{ name: string; holders: number }> {
  if (id === ADMINISTRATOR_ROLE_ID) throw invalidInput(ADMINISTRATOR_ROLE_UNDELETABLE);
  if (id === DEFAULT_ROLE_ID) throw invalidInput(DEFAULT_ROLE_UNDELETABLE);
  const role = await findRole(db, id);
  const holders = await removeRoleHolders(db, id);
  for (const userId of holders) await endAllSessions(db, userId);
  await db.deleteFrom('roles').where('id', '=', id).execute();
  return { name: role.name, holders: holders.size };
}

/** A default role as the catalogue defines it, unless its id is taken (the permission catalogue's sync). */
export async function ensureRole(db: Db, role: { id: number; name: string }): Promise<void> {
  await db
    .insertInto('roles')
    .values({ id: role.id, name: role.name })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/** Grants a permission to a role, if it does not hold it yet (the permission catalogue's sync). */
export async function grantPermission(db: Db, roleId: number, permissionId: number): Promise<void> {
  await db
    .insertInto('role_permissions')
    .values({ role_id: roleId, permission_id: permissionId })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Everything `ids` covers, transitively, with `ids` themselves (spec 1 §6: ticking ticks what it covers). */
export function withCovered(ids: Iterable<number>, catalogue: Permission[]): Set<number> {
  const coversOf = new Map(catalogue.map((p) => [p.id, p.covers]));
  const out = new Set<number>();
  const queue = [...ids];
  while (queue.length) {
    const id = queue.pop() as number;
    if (out.has(id)) continue;
    out.add(id);
    queue.push(...(coversOf.get(id) ?? []));
  }
  return out;
}

/** Sets each listed role's permissions (covered ones added); the Administrator role keeps every permission. */
export async function setRolePermissions(db: Db, body: z.output<typeof rolesPermissionsBody>): Promise<string[]> {
  const catalogue = await listPermissions(db);
  const known = new Set(catalogue.map((p) => p.id));
  const names: string[] = [];
  const seen = new Set<number>();
  for (const entry of body) {
    if (seen.has(entry.id)) throw invalidInput('A role is listed twice.');
    seen.add(entry.id);
    const role = await findRole(db, entry.id);
    const unknown = entry.permissions.find((id) => !known.has(id));
    if (unknown !== undefined) throw invalidInput(`Unknown permission id ${unknown}.`);
    const granted = withCovered(entry.permissions, catalogue);
    if (role.id === ADMINISTRATOR_ROLE_ID && granted.size !== known.size) throw invalidInput(ADMINISTRATOR_HOLDS_ALL);
    await db.deleteFrom('role_permissions').where('role_id', '=', role.id).execute();
    if (granted.size) {
      await db
        .insertInto('role_permissions')
        .values([...granted].map((permission_id) => ({ role_id: role.id, permission_id })))
        .execute();
    }
    names.push(role.name);
  }
  return names;
}
