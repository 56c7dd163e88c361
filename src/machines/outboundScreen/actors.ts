import { fromPromise } from 'xstate';
import type { CampaignCall, CampaignItem, CampaignState, OutboundDialler } from '../../api/contract/outbound.ts';
import { relayEmitted } from '../relay/relayEmitted.ts';

/** The campaigns and, when a campaign's call table is open, its calls. */
export interface OutboundLoad {
  campaigns: CampaignItem[];
  calls: { campaignId: number; list: CampaignCall[] } | null;
  /** The server's dialler (issue 33): with `none`, started campaigns wait and the screen says so. */
  dialler: OutboundDialler;
}

const notProvided = (name: string) => () => Promise.reject(new Error(`outboundScreen actor ${name} not provided`));

/** Typed placeholders; the chart's provide.ts gives the real calls, tests give deferred fakes. */
export const outboundScreenActors = {
  loadCampaigns: fromPromise<OutboundLoad, { selectedId: number | null }>(notProvided('loadCampaigns')),
  deleteCampaign: fromPromise<unknown, { id: number }>(notProvided('deleteCampaign')),
  setCampaignState: fromPromise<unknown, { id: number; state: CampaignState }>(notProvided('setCampaignState')),
  /** Fetches the report CSV and hands it to the browser as OutboundCampaignReport_{id}_{date}.csv. */
  downloadReport: fromPromise<unknown, { id: number }>(notProvided('downloadReport')),
  /** Removes one call the campaign has not dialled yet. */
  removeCall: fromPromise<unknown, { campaignId: number; callId: number }>(notProvided('removeCall')),
  /** Replaces one undialled call's destination and scheduled time ('2039-01-01 12:43 UTC'); 400 says what is wrong. */
  replaceCall: fromPromise<unknown, { campaignId: number; callId: number; destination: string; scheduledTime: string }>(
    notProvided('replaceCall'),
  ),
  relay: relayEmitted,
};
