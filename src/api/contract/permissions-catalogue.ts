import { z } from 'zod';
import { defineCall, grant } from './call.ts';
import { projectEnv, scopeQuery } from './common.ts';

/** One entry of the permission catalogue (spec 1 §3): `resources` is the path the method applies to. */
export const permission = z.object({
  id: z.number().int(),
  name: z.string(),
  method: z.enum(['GET', 'POST', 'PUT', 'DELETE']),
  resources: z.string(),
  project_env: projectEnv.nullable(),
  /** Ids ticked together with this one. */
  covers: z.array(z.number().int()),
});
export type Permission = z.infer<typeof permission>;

export const getPermissions = defineCall({
  name: 'getPermissions',
  method: 'GET',
  path: '/permissions',
  resource: '/permissions',
  access: grant('GET', '/users'),
  query: scopeQuery,
  response: z.array(permission),
});

/** The catalogue grouped by area of the console, for a readable checklist. */
export const permissionGroup = z.object({
  name: z.string(),
  resources: z.array(z.string()),
  permissions: z.array(z.number().int()),
});
export type PermissionGroup = z.infer<typeof permissionGroup>;

export const getPermissionResources = defineCall({
  name: 'getPermissionResources',
  method: 'GET',
  path: '/permissions/resources',
  resource: '/permissions',
  access: grant('GET', '/users'),
  query: scopeQuery,
  response: z.array(permissionGroup),
});
