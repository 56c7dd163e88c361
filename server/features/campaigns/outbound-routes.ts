import type { FastifyInstance } from 'fastify';
import {
  campaignReportFileName,
  deleteOutboundCampaign,
  deleteOutboundCampaignCall,
  getOutboundCampaignCalls,
  getOutboundCampaignReport,
  getOutboundCampaigns,
  getOutboundDialler,
  putOutboundCampaign,
  putOutboundCampaignCall,
  setOutboundCampaignState,
  uploadOutboundCalls,
} from '../../../src/api/contract/outbound.ts';
import { can } from '../../../src/api/permissions.ts';
import type { RouteServices } from '../../http/register-call.ts';
import type { CampaignEngine } from './engine.ts';
import type { Clock } from './clock.ts';
import { diallerOf, startedWithoutDiallerLog } from './choose-dialler.ts';
import type { DiallerSettings } from './diallers/dialler-settings.ts';
import { registerCall } from '../../http/register-call.ts';
import { readUploadedCsv } from '../../http/uploaded-csv.ts';
import {
  campaignReportCsv,
  importCallList,
  listCampaignCalls,
  removeCampaignCall,
  replaceCampaignCall,
} from './campaign-calls.ts';
import * as campaigns from './campaigns.ts';
import { attachmentHeader } from '../../csv/csv-export.ts';

const UPLOADED = 'Successfully uploaded';

export default async function outboundRoutes(
  app: FastifyInstance,
  services: RouteServices & {
    campaigns: CampaignEngine | null;
    clock: Clock;
    config: { dialler: DiallerSettings; importMaxBytes: number };
  },
) {
  registerCall(app, services, getOutboundDialler, async ({ requireProject }) => {
    requireProject();
    return diallerOf(services.config.dialler);
  });

  registerCall(app, services, getOutboundCampaigns, async ({ requireProject, user, db }) => {
    const projectId = requireProject();
    const canEdit = user !== null && can(user, 'PUT', '/outbound/campaigns/{id}', projectId);
    return campaigns.listCampaigns(db, projectId, canEdit);
  });

  registerCall(app, services, putOutboundCampaign, async ({ params, body, write, requireProject, user }) => {
    const projectId = requireProject();
    const verb = params.id === -1 ? 'Added' : 'Saved';
    await campaigns.checkCallbackUrl(body.callback_url);
    const id = await write(`${verb} campaign ${body.name}`, (trx, atime) =>
      campaigns.saveCampaign(trx, { projectId, userId: user?.id ?? null, atime }, params.id, body),
    );
    return { id };
  });

  registerCall(app, services, setOutboundCampaignState, async ({ params, body, write, requireProject, user }) => {
    const projectId = requireProject();
    const name = await write(`${body.state === 'running' ? 'Started' : 'Paused'} campaign ${params.id}`, (trx, atime) =>
      campaigns.setCampaignState(trx, { projectId, userId: user?.id ?? null, atime }, params.id, body.state),
    );
    // This instance dispatches at once rather than at its next tick; without a dialler the log says why nothing is.
    if (body.state === 'running' && services.campaigns) services.campaigns.wake();
    else if (body.state === 'running') app.log.warn(startedWithoutDiallerLog(name, params.id));
    return { status: 'ok' as const };
  });

  registerCall(app, services, deleteOutboundCampaign, async ({ params, write, requireProject, user }) => {
    const projectId = requireProject();
    const { active } = await write(`Deleted campaign ${params.id}`, (trx, atime) =>
      campaigns.deleteCampaign(trx, { projectId, userId: user?.id ?? null, atime }, params.id),
    );
    // Calls of a deleted campaign are not left ringing (dialling costs money).
    await services.campaigns?.hangUp(active);
    return { status: 'ok' as const };
  });

  registerCall(app, services, uploadOutboundCalls, async ({ params, request, requireProject, db, log }) => {
    const projectId = requireProject();
    await campaigns.findCampaign(db, projectId, params.id);
    const text = await readUploadedCsv(request, services.config.importMaxBytes);
    const { campaign, imported } = await importCallList(db, projectId, params.id, text, services.clock.now());
    await log(`Imported ${imported} calls into campaign ${campaign.name}`);
    return { status: 'ok' as const, message: UPLOADED, calls_imported: imported };
  });

  registerCall(app, services, getOutboundCampaignCalls, async ({ params, requireProject, db }) =>
    listCampaignCalls(db, requireProject(), params.id),
  );

  // Single calls of a campaign carry the campaigns' atime, as every state-changing call does (spec 2 §7).
  registerCall(app, services, deleteOutboundCampaignCall, async ({ params, requireProject, write }) => {
    const projectId = requireProject();
    await write(`Removed call ${params.callId} from campaign ${params.id}`, (trx) =>
      removeCampaignCall(trx, projectId, params.id, params.callId),
    );
    return { status: 'ok' as const };
  });

  registerCall(app, services, putOutboundCampaignCall, async ({ params, body, requireProject, write }) => {
    const projectId = requireProject();
    await write(`Changed call ${params.callId} of campaign ${params.id}`, (trx) =>
      replaceCampaignCall(trx, projectId, params.id, params.callId, body, services.clock.now()),
    );
    return { status: 'ok' as const };
  });

  registerCall(app, services, getOutboundCampaignReport, async ({ params, requireProject, db, reply, log }) => {
    const projectId = requireProject();
    const csv = await campaignReportCsv(db, projectId, params.id);
    await log(`Exported the report of campaign ${params.id}`);
    reply.header('content-type', 'text/csv; charset=utf-8');
    reply.header('content-disposition', attachmentHeader(campaignReportFileName(params.id, services.clock.now())));
    return reply.send(csv) as never;
  });
}
