import { z } from 'zod';
import { defineCall, grant } from './call.ts';
import { okResponse, scopeQuery } from './common.ts';
import { MAX_ROW_ID, rowIdOrNewParam, rowIdParam } from './row-id.ts';

// Texts of spec 1 §5, verbatim; the server and the roles screen both use them.
export const NO_USER_SELECTED = 'No user selected';
export const USER_ALREADY_ADDED = 'User already added on this project';
/** The role a user gets when added to a project (spec 1 §5, §9). */
export const DEFAULT_ROLE_ID = 2;

/** A user as the administration screens see it (spec 1 §3), without anything secret. */
export const adminUser = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  active: z.boolean(),
  password_expired: z.boolean(),
  company_id: z.number().int().nullable(),
  system_role_id: z.number().int().nullable(),
  /** The user's role in each project they are assigned to. */
  projects: z.array(z.object({ project_id: z.number().int(), role_id: z.number().int() })),
});
export type AdminUser = z.infer<typeof adminUser>;

/** Users of the caller's company; every user with a system grant. */
export const getUsers = defineCall({
  name: 'getUsers',
  method: 'GET',
  path: '/users',
  resource: '/users',
  access: grant('GET', '/users'),
  query: scopeQuery,
  response: z.array(adminUser),
});

export const userBody = z.object({
  name: z.string().trim().min(1, 'Name cannot be empty').max(200),
  email: z.string().trim().toLowerCase().pipe(z.email('Invalid email address').max(320)),
  /** Omitted: unchanged on update, active on create. */
  active: z.boolean().optional(),
  /**
   * Create only (issue 34): the new user's role in one project, stored with the user in one transaction, so a user
   * is never left half-created without the role they were meant to have. Needs PUT /users/projects there.
   */
  project: z
    .object({
      project_id: z.number().int().min(1).max(MAX_ROW_ID),
      role_id: z.number().int().min(1).max(MAX_ROW_ID),
    })
    .optional(),
});

/** `-1` creates a user whose one-off password comes back once, marked expired; other ids update. */
export const putUser = defineCall({
  name: 'putUser',
  method: 'PUT',
  path: '/users/:id',
  resource: '/users',
  access: grant('PUT', '/users/{id}'),
  params: rowIdOrNewParam,
  query: scopeQuery,
  body: userBody,
  response: z.object({ id: z.number().int(), password: z.string().optional() }),
});

export const deleteUser = defineCall({
  name: 'deleteUser',
  method: 'DELETE',
  path: '/users/:id',
  resource: '/users',
  access: grant('DELETE', '/users/{id}'),
  params: rowIdParam,
  query: scopeQuery,
  response: okResponse,
});

/** Administrator reset: a new one-off password, returned once and marked expired; the user's sessions end. */
export const resetUserPassword = defineCall({
  name: 'resetUserPassword',
  method: 'POST',
  path: '/users/reset/:id',
  resource: '/users',
  access: grant('POST', '/users/reset/{id}'),
  params: rowIdParam,
  query: scopeQuery,
  response: z.object({ id: z.number().int(), password: z.string() }),
});

export const projectMember = z.object({ user_id: z.number().int(), role_id: z.number().int() });
export const projectMembers = z.object({
  project_id: z.number().int(),
  project_name: z.string(),
  users: z.array(projectMember),
});
export type ProjectMembers = z.infer<typeof projectMembers>;

/** Per project the caller may manage, its users and their roles (spec 1 §3 Users-projects). */
export const getUsersProjects = defineCall({
  name: 'getUsersProjects',
  method: 'GET',
  path: '/users/projects',
  resource: '/users/projects',
  access: grant('GET', '/users'),
  query: scopeQuery,
  response: z.array(projectMembers),
});

const memberInput = z.object({
  // null is how the screen says "nobody chosen yet": answered with the spec's text, not a type error.
  user_id: z.number().int().min(1).max(MAX_ROW_ID).nullable(),
  role_id: z.number().int().min(1).max(MAX_ROW_ID).default(DEFAULT_ROLE_ID),
});

export const usersProjectsBody = z
  .array(
    z.object({
      project_id: z.number().int().min(1).max(MAX_ROW_ID),
      users: z.array(memberInput).max(10_000),
    }),
  )
  .max(10_000);

/** Replaces the members of each listed project; projects not listed are left as they are. */
export const putUsersProjects = defineCall({
  name: 'putUsersProjects',
  method: 'PUT',
  path: '/users/projects',
  resource: '/users/projects',
  access: grant('PUT', '/users/projects'),
  query: scopeQuery,
  body: usersProjectsBody,
  response: okResponse,
});
