import { z } from 'zod';
import { defineCall, sessionAccess } from './call.ts';
import { scopeQuery } from './common.ts';

export const grantSchema = z.object({
  method: z.enum(['GET', 'POST', 'PUT', 'DELETE']),
  path: z.string(),
  project_env: z.enum(['dev', 'prod']).nullable(),
});
export type Grant = z.infer<typeof grantSchema>;

/** The user as the browser sees it: who, and everything `can()` needs (spec 1 §3, DESIGN §4). */
export const currentUser = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  company_id: z.number().int().nullable(),
  password_expired: z.boolean(),
  otp_enabled: z.boolean(),
  /** The platform requires one-time codes and this user has none yet: the session may only enrol (or log out). */
  otp_enrolment_required: z.boolean(),
  projects: z.array(z.object({ id: z.number().int(), name: z.string() })),
  permissions: z.object({
    /** project id -> role id */
    project_roles: z.record(z.string(), z.number().int()),
    /** role id -> role name */
    role_names: z.record(z.string(), z.string()),
    /** role id -> grants of that role */
    role_grants: z.record(z.string(), z.array(grantSchema)),
    /** grants held across every project (platform administrators) */
    system_grants: z.array(grantSchema),
    /** every (method, path) that is restricted at all; anything else is open to a session */
    restricted: z.array(z.string()),
  }),
});
export type CurrentUser = z.infer<typeof currentUser>;

export const getMe = defineCall({
  name: 'getMe',
  method: 'GET',
  path: '/users/me',
  resource: '/users/me',
  access: sessionAccess,
  query: scopeQuery,
  response: currentUser,
});
