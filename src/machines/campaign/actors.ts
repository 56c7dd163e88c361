import { fromPromise } from 'xstate';
import type { CampaignBody } from '../../api/contract/outbound.ts';

const notProvided = (name: string) => () => Promise.reject(new Error(`campaign actor ${name} not provided`));

/** Typed placeholders; the chart's provide.ts gives the real API call, tests give deferred fakes. */
export const campaignActors = {
  /** PUT /outbound/campaigns/-1 (id null) or /outbound/campaigns/{id}; answers the campaign's id. */
  saveCampaign: fromPromise<{ id: number }, { id: number | null; body: CampaignBody }>(notProvided('saveCampaign')),
};
