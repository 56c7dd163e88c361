import type { z } from 'zod';
import type { createProjectBody } from './contract/projects.ts';
import { getProjects as getProjectsCall, insertProject as insertProjectCall } from './contract/projects.ts';
import { callApi } from './client.ts';

export const getProjects = () => callApi(getProjectsCall);

export const insertProject = (body: z.input<typeof createProjectBody>) => callApi(insertProjectCall, { body });
