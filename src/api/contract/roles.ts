import { z } from 'zod';
import { defineCall, grant } from './call.ts';
import { idResponse, okResponse, scopeQuery } from './common.ts';
import { MAX_ROW_ID, bodyRowId, rowIdOrNewParam, rowIdParam } from './row-id.ts';

// Texts of spec 1 §5 and §8, verbatim.
export const ROLE_NAME_EMPTY = 'Role name cannot be empty';
export const ROLE_NAME_DUPLICIT = 'Duplicit role name';
export const ADMINISTRATOR_ROLE_ID = 1;
export const ADMINISTRATOR_ROLE_UNDELETABLE = 'The Administrator role cannot be deleted.';
export const DEFAULT_ROLE_UNDELETABLE = 'The default role cannot be deleted: users added to a project get it.';
export const ADMINISTRATOR_HOLDS_ALL = 'The Administrator role always holds every permission.';

export const role = z.object({ id: z.number().int(), name: z.string(), permissions: z.array(z.number().int()) });
export type Role = z.infer<typeof role>;

/** Roles are read by whoever manages users: they assign them. */
export const getRoles = defineCall({
  name: 'getRoles',
  method: 'GET',
  path: '/roles',
  resource: '/roles',
  access: grant('GET', '/users'),
  query: scopeQuery,
  response: z.array(role),
});

export const roleNameBody = z.object({
  name: z.string().trim().min(1, ROLE_NAME_EMPTY).max(100, 'Role name is too long'),
});

/** `-1` creates (response `id`), another id renames. Roles are shared by every company: a system grant only. */
export const putRole = defineCall({
  name: 'putRole',
  method: 'PUT',
  path: '/roles/:id',
  resource: '/roles',
  access: grant('PUT', '/roles/{id}'),
  params: rowIdOrNewParam,
  query: scopeQuery,
  body: roleNameBody,
  response: idResponse,
});

/** Deleting a role removes its holders from every project (spec 1 §4). */
export const deleteRole = defineCall({
  name: 'deleteRole',
  method: 'DELETE',
  path: '/roles/:id',
  resource: '/roles',
  access: grant('PUT', '/roles/{id}'),
  params: rowIdParam,
  query: scopeQuery,
  response: okResponse,
});

export const rolesPermissionsBody = z
  .array(z.object({ id: bodyRowId, permissions: z.array(z.number().int().min(1).max(MAX_ROW_ID)).max(10_000) }))
  .max(1000);

/** Role → permission ids for every listed role; covered permissions are added (spec 1 §6). */
export const putRolesPermissions = defineCall({
  name: 'putRolesPermissions',
  method: 'PUT',
  path: '/roles/permissions',
  resource: '/roles',
  access: grant('PUT', '/roles/permissions'),
  query: scopeQuery,
  body: rolesPermissionsBody,
  response: okResponse,
});
