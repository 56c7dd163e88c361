import type { z } from 'zod';
import type { createProjectBody } from './contract/projects.ts';
import { cloneProject, getProjects, insertProject } from './contract/projects.ts';
import { callApi } from './client.ts';

export const loadProjects = () => callApi(getProjects);

// A failure is the project dropdown's one toast, 'Cannot create new project.' with the server's reason (ownsFailure).
export const createProject = (body: z.input<typeof createProjectBody>) =>
  callApi(insertProject, { body, ownsFailure: true });

/** A copy of the current project's configuration (the project_id in scope) under a new name; the server trains it. */
/** 409: the name is taken; the server's sentence is the toast's message (not the table's concurrent-edit text). */
export const cloneCurrentProject = (name: string) =>
  callApi(cloneProject, { body: { name }, ownsFailure: true, expectedStatuses: [409] });
