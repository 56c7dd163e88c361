import type { FastifyInstance } from 'fastify';
import {
  COMPANIES_RESOURCE,
  deleteCompany as deleteCompanyCall,
  getCompanies,
  saveCompany as saveCompanyCall,
} from '../../../src/api/contract/companies.ts';
import type { RouteServices } from '../../http/register-call.ts';
import { HttpError } from '../../http/http-error.ts';
import { registerCall } from '../../http/register-call.ts';
import { deleteCompany, listCompanies, reachableCompanyName, reachesEveryCompany, saveCompany } from './companies.ts';
import { platformWrite, sendPlatformAtime } from '../../http/platform-write.ts';

export default async function companyRoutes(app: FastifyInstance, services: RouteServices) {
  const { db } = services;

  registerCall(app, services, getCompanies, async ({ requireUser, reply }) => {
    const user = requireUser();
    await sendPlatformAtime({ db, reply }, COMPANIES_RESOURCE);
    return listCompanies(db, user);
  });

  registerCall(app, services, saveCompanyCall, async ({ params, body, query, reply, requireUser, projectId }) => {
    const user = requireUser();
    const creating = params.id === -1;
    if (creating && !reachesEveryCompany(user)) throw new HttpError(402, 'Insufficient permissions.');
    if (!creating) await reachableCompanyName(db, user, params.id);
    const action = creating ? `Created company ${body.name}` : `Renamed company ${params.id} to ${body.name}`;
    return platformWrite(
      { db, reply, query, userId: user.id, projectId },
      COMPANIES_RESOURCE,
      (trx) => saveCompany(trx, params.id, body.name),
      () => action,
    );
  });

  registerCall(app, services, deleteCompanyCall, async ({ params, query, reply, requireUser, projectId }) => {
    const user = requireUser();
    const name = await reachableCompanyName(db, user, params.id);
    await platformWrite(
      { db, reply, query, userId: user.id, projectId },
      COMPANIES_RESOURCE,
      (trx) => deleteCompany(trx, params.id),
      () => `Deleted company ${name}`,
    );
    return { status: 'ok' as const };
  });
}
