import { fromPromise } from 'xstate';
import { saveFile } from '../../ui/saveFile.ts';
import {
  removeOutboundCampaign,
  downloadOutboundCampaignReport,
  loadOutboundCampaignCalls,
  loadOutboundCampaigns,
  loadOutboundDialler,
  changeCampaignState,
  removeOutboundCampaignCall,
  replaceOutboundCampaignCall,
} from '../../api/outbound.ts';
import { outboundScreenMachine } from './machine.ts';
import { showNotice, notifyFailure } from '../../console/notices.ts';

/** The outbound screen with the real calls, a browser download for the report, and Mantine notifications. */
export const providedOutboundScreenMachine = outboundScreenMachine.provide({
  actors: {
    loadCampaigns: fromPromise(async ({ input }) => {
      const [campaigns, calls, dialler] = await Promise.all([
        loadOutboundCampaigns(),
        input.selectedId === null ? null : loadOutboundCampaignCalls(input.selectedId),
        loadOutboundDialler(),
      ]);
      return {
        campaigns,
        dialler,
        calls: input.selectedId === null || !calls ? null : { campaignId: input.selectedId, list: calls },
      };
    }),
    deleteCampaign: fromPromise(({ input }) => removeOutboundCampaign(input.id)),
    setCampaignState: fromPromise(({ input }) => changeCampaignState(input.id, input.state)),
    removeCall: fromPromise(({ input }) => removeOutboundCampaignCall(input.campaignId, input.callId)),
    replaceCall: fromPromise(({ input }) =>
      replaceOutboundCampaignCall(input.campaignId, input.callId, {
        destination: input.destination,
        scheduled_time: input.scheduledTime,
      }),
    ),
    downloadReport: fromPromise(async ({ input }) => {
      const { blob, fileName } = await downloadOutboundCampaignReport(input.id);
      saveFile(blob, fileName);
    }),
  },
  actions: {
    notify: (_, params) => showNotice(params),
    notifyFailure: (_, params) => notifyFailure(params.error, params.title),
  },
});
