import type { FastifyInstance } from 'fastify';
import {
  deleteLabel as deleteLabelCall,
  getLabels,
  saveLabel as saveLabelCall,
} from '../../../src/api/contract/labels.ts';
import type { RouteServices } from '../../http/register-call.ts';
import { registerCall } from '../../http/register-call.ts';
import { deleteLabel, labelName, listLabels, saveLabel } from './labels.ts';

/** Conversation labels of a project: name and colour (spec 1 §7). */
export default async function labelRoutes(app: FastifyInstance, services: RouteServices) {
  const { db } = services;

  registerCall(app, services, getLabels, async ({ query, requireProject }) =>
    listLabels(db, requireProject(), query.mtime),
  );

  registerCall(app, services, saveLabelCall, async ({ params, body, write, requireProject, user }) => {
    const projectId = requireProject();
    const action = params.id === -1 ? `Created label ${body.name}` : `Updated label ${body.name}`;
    return write(action, (trx, atime) =>
      saveLabel(trx, { projectId, atime, userId: user?.id ?? null }, params.id, body),
    );
  });

  registerCall(app, services, deleteLabelCall, async ({ params, write, requireProject, user }) => {
    const projectId = requireProject();
    const name = await labelName(db, projectId, params.id);
    await write(`Deleted label ${name}`, (trx, atime) =>
      deleteLabel(trx, { projectId, atime, userId: user?.id ?? null }, params.id),
    );
    return { status: 'ok' as const };
  });
}
