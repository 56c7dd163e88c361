import type { FastifyInstance } from 'fastify';
import { cloneProject, getProjects, insertProject } from '../../../src/api/contract/projects.ts';
import type { RouteServices } from '../../http/register-call.ts';
import type { JobRunner } from '../../jobs/job-runner.ts';
import { notPermitted } from '../../domain-errors.ts';
import { registerCall } from '../../http/register-call.ts';
import { cloneProject as cloneProjectInto } from './project-clone.ts';
import { createProject } from './projects.ts';
import { queueDraftTraining } from '../training/training.ts';

export default async function projectRoutes(
  app: FastifyInstance,
  services: RouteServices & { jobs: JobRunner | null },
) {
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

  registerCall(app, services, cloneProject, async ({ body, requireUser, requireProject, db }) => {
    const user = requireUser();
    // The source is the project in scope, and only one the caller sees (their own, or their company's).
    const sourceId = requireProject();
    if (!user.projects.some((p) => p.id === sourceId)) throw notPermitted();
    const projectId = await cloneProjectInto(db, { sourceId, name: body.name, ownerId: user.id });
    await queueDraftTraining(db, projectId);
    services.jobs?.kick();
    return { project_id: projectId };
  });
}
