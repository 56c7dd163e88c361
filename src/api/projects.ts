import type { z } from 'zod';
import type { createProjectBody } from './contract/projects.ts';
import {
  cloneProject as cloneProjectCall,
  getProjects as getProjectsCall,
  insertProject as insertProjectCall,
} from './contract/projects.ts';
import { callApi } from './client.ts';

export const getProjects = () => callApi(getProjectsCall);

export const insertProject = (body: z.input<typeof createProjectBody>) => callApi(insertProjectCall, { body });

/** A copy of the current project's configuration (the project_id in scope) under a new name; the server trains it. */
export const cloneCurrentProject = (name: string) => callApi(cloneProjectCall, { body: { name } });
