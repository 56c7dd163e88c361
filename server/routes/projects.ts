import type { FastifyInstance } from 'fastify';
import { getProjects, insertProject } from '../../src/api/contract/projects.ts';
import type { AppServices } from '../app-services.ts';
import { registerCall } from '../http/register-call.ts';
import { createProject } from '../services/projects.ts';

export default async function projectRoutes(app: FastifyInstance, services: AppServices) {
  registerCall(app, services, getProjects, async ({ requireUser }) => requireUser().projects);

  registerCall(app, services, insertProject, async ({ body, requireUser, db }) => {
    const user = requireUser();
    const projectId = await createProject(db, {
      name: body.name,
      language: body.language,
      companyId: user.company_id,
      ownerId: user.id,
    });
    return { project_id: projectId };
  });
}
