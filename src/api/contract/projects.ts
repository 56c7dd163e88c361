import { z } from 'zod';
import { defineCall, grant, sessionAccess } from './call.ts';
import { scopeQuery } from './common.ts';

export const CANNOT_CREATE_PROJECT = 'Cannot create new project.';
export const NEW_SCRIPT_READY = 'New script ready';
export const NO_PROJECTS_ALERT = 'ERROR: No projects associated with this user...';
export const NOT_ASSIGNED = 'Cannot change project. User not assigned to this project';
/** A clone must not take the name of a project that exists (issue 34: two 'Demo bot'); answered with 409. */
export const projectNameTaken = (name: string) => `A project named "${name}" already exists. Choose another name.`;

export const projectSummary = z.object({ id: z.number().int(), name: z.string() });
export type ProjectSummary = z.infer<typeof projectSummary>;

/** Projects the caller is assigned to (or all of the company's, with a system grant). */
export const getProjects = defineCall({
  name: 'getProjects',
  method: 'GET',
  path: '/projects',
  resource: '/projects',
  access: sessionAccess,
  query: scopeQuery,
  response: z.array(projectSummary),
});

export const createProjectBody = z.object({
  name: z.string().trim().min(1, 'Project name cannot be empty').max(120),
  language: z.enum(['en', 'cs']).default('en'),
});

export const insertProject = defineCall({
  name: 'insertProject',
  method: 'POST',
  path: '/projects',
  resource: '/projects',
  access: grant('POST', '/projects'),
  query: scopeQuery,
  body: createProjectBody,
  response: z.object({ project_id: z.number().int() }),
  atimeExempt: true,
});

/** Spec 1 §7: the current project's configuration copied into a new project the caller administers; it trains. */
export const cloneProject = defineCall({
  name: 'cloneProject',
  method: 'POST',
  path: '/projects/clone',
  resource: '/projects',
  // The catalogue's 'Clone projects' (issue 34), not 'Create projects'.
  access: grant('POST', '/projects/clone'),
  query: scopeQuery,
  body: z.object({ name: z.string().trim().min(1, 'Project name cannot be empty').max(120) }),
  response: z.object({ project_id: z.number().int() }),
  atimeExempt: true,
  summary:
    'Clones the project of project_id: settings without secrets, intents, synonyms, entities, reactions, scopes, actions and tests.',
});
