import type { FastifyInstance } from 'fastify';
import {
  DUPLICIT_LABEL,
  LABEL_NOT_FOUND,
  type Label,
  deleteLabel,
  getLabels,
  saveLabel,
} from '../../src/api/contract/labels.ts';
import type { Db } from '../db/database.ts';
import { HttpError, notFound } from '../http/http-error.ts';
import type { AppServices } from '../app-services.ts';
import { registerCall } from '../http/register-call.ts';
import { resourceAt } from '../services/resource-history.ts';
import { recordRevision } from '../services/revisions.ts';

const RESOURCE = '/labels';

async function assertUniqueName(trx: Db, projectId: number, name: string, exceptId: number): Promise<void> {
  const clash = await trx
    .selectFrom('labels')
    .select('id')
    .where('project_id', '=', projectId)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
    .where('id', '<>', exceptId)
    .executeTakeFirst();
  if (clash) throw new HttpError(400, DUPLICIT_LABEL);
}

/** Conversation labels of a project: name and colour (spec 1 §7). */
export default async function labelRoutes(app: FastifyInstance, services: AppServices) {
  const { db } = services;

  registerCall(app, services, getLabels, async ({ query, requireProject }) => {
    const projectId = requireProject();
    if (query.mtime !== undefined) {
      const items = await resourceAt<Label>(db, projectId, RESOURCE, query.mtime);
      return items.map((i) => i.data);
    }
    return db
      .selectFrom('labels')
      .select(['id', 'name', 'color'])
      .where('project_id', '=', projectId)
      .orderBy('id')
      .execute();
  });

  registerCall(app, services, saveLabel, async ({ params, body, write, requireProject, user }) => {
    const projectId = requireProject();
    const creating = params.id === -1;
    const action = creating ? `Created label ${body.name}` : `Updated label ${body.name}`;
    return write(action, async (trx, atime) => {
      await assertUniqueName(trx, projectId, body.name, params.id);
      let id = params.id;
      if (creating) {
        ({ id } = await trx
          .insertInto('labels')
          .values({ project_id: projectId, name: body.name, color: body.color })
          .returning('id')
          .executeTakeFirstOrThrow());
      } else {
        const updated = await trx
          .updateTable('labels')
          .set({ name: body.name, color: body.color })
          .where('id', '=', id)
          .where('project_id', '=', projectId)
          .returning('id')
          .executeTakeFirst();
        if (!updated) throw notFound(LABEL_NOT_FOUND);
      }
      await recordRevision(trx, {
        projectId,
        resource: RESOURCE,
        itemId: id,
        time: atime,
        userId: user?.id ?? null,
        data: { id, ...body },
      });
      return { id };
    });
  });

  registerCall(app, services, deleteLabel, async ({ params, write, requireProject, user }) => {
    const projectId = requireProject();
    const existing = await db
      .selectFrom('labels')
      .select('name')
      .where('id', '=', params.id)
      .where('project_id', '=', projectId)
      .executeTakeFirst();
    if (!existing) throw notFound(LABEL_NOT_FOUND);
    await write(`Deleted label ${existing.name}`, async (trx, atime) => {
      const gone = await trx
        .deleteFrom('labels')
        .where('id', '=', params.id)
        .where('project_id', '=', projectId)
        .returning('id')
        .executeTakeFirst();
      if (!gone) throw notFound(LABEL_NOT_FOUND);
      await recordRevision(trx, {
        projectId,
        resource: RESOURCE,
        itemId: params.id,
        time: atime,
        userId: user?.id ?? null,
        data: null,
        deleted: true,
      });
    });
    return { status: 'ok' as const };
  });
}
