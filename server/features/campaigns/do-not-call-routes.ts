import type { FastifyInstance } from 'fastify';
import { addDoNotCall, deleteDoNotCall, getDoNotCall, uploadDoNotCall } from '../../../src/api/contract/do-not-call.ts';
import type { RouteServices } from '../../http/register-call.ts';
import { registerCall } from '../../http/register-call.ts';
import { readUploadedCsv } from '../../http/uploaded-csv.ts';
import * as doNotCall from './do-not-call.ts';

/** A project's do-not-call list (issue 38): list, add, remove, CSV import; each change in the users log. */
export default async function doNotCallRoutes(
  app: FastifyInstance,
  services: RouteServices & { config: { importMaxBytes: number } },
) {
  registerCall(app, services, getDoNotCall, async ({ requireProject, db }) =>
    doNotCall.listDoNotCall(db, requireProject()),
  );

  registerCall(app, services, addDoNotCall, async ({ body, requireProject, user, write }) => {
    const projectId = requireProject();
    const { id } = await write(`Added ${body.destination.trim()} to the do-not-call list`, (trx) =>
      doNotCall.addDoNotCall(trx, { projectId, userId: user?.id ?? null, ...body }),
    );
    return { id };
  });

  registerCall(app, services, deleteDoNotCall, async ({ params, requireProject, write }) => {
    const projectId = requireProject();
    await write(`Removed entry ${params.id} from the do-not-call list`, (trx) =>
      doNotCall.removeDoNotCall(trx, projectId, params.id),
    );
    return { status: 'ok' as const };
  });

  registerCall(app, services, uploadDoNotCall, async ({ request, requireProject, user, db, log }) => {
    const projectId = requireProject();
    const text = await readUploadedCsv(request, services.config.importMaxBytes);
    const { added, alreadyListed } = await doNotCall.importDoNotCall(db, {
      projectId,
      userId: user?.id ?? null,
      text,
    });
    await log(`Imported ${added} numbers into the do-not-call list (${alreadyListed} already listed)`);
    return { status: 'ok' as const, added, already_listed: alreadyListed };
  });
}
