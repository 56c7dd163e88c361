import { fromPromise } from 'xstate';
import { saveOutboundCampaign } from '../../api/outbound.ts';
import { campaignMachine } from './machine.ts';
import { showNotice } from '../../console/notices.ts';

/** The add/edit campaign modal with the real PUT /outbound/campaigns/{id|-1}. */
export const providedCampaignMachine = campaignMachine.provide({
  actors: { saveCampaign: fromPromise(({ input }) => saveOutboundCampaign(input.id, input.body)) },
  actions: { notify: (_, params) => showNotice(params) },
});
