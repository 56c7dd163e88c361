import {
  type CampaignCall,
  type CampaignItem,
  type OutboundDialler,
  WAITING_FOR_DIALLER,
} from '../../api/contract/outbound.ts';

/** Calls are being placed or may be at any moment: the table refreshes itself. */
export const isLive = (campaigns: CampaignItem[]): boolean =>
  campaigns.some((c) => c.state === 'running' || c.progress.in_progress > 0);

/** "09:00–17:00 UTC"; a window whose end is before its start crosses midnight. */
export const windowLabel = (c: Pick<CampaignItem, 'call_time_from' | 'call_time_to' | 'time_zone'>): string =>
  `${c.call_time_from}–${c.call_time_to} ${c.time_zone}`;

/** Share of the calls that reached a final state, 0–100. */
export function progressPercent(c: Pick<CampaignItem, 'progress'>): number {
  const { queued, in_progress, completed, failed } = c.progress;
  const total = queued + in_progress + completed + failed;
  return total === 0 ? 0 : Math.round(((completed + failed) / total) * 100);
}

/** How the last attempt ended: the dialler's result and the SIP or provider code, e.g. "busy (486)". */
export const lastOutcome = (call: Pick<CampaignCall, 'last_result' | 'last_code'>): string =>
  call.last_result ? `${call.last_result}${call.last_code ? ` (${call.last_code})` : ''}` : (call.last_code ?? '–');

/** A campaign's state as the table shows it: a started campaign without a dialler is waiting, not running. */
export const campaignStateLabel = (c: Pick<CampaignItem, 'state'>, dialler: OutboundDialler | null): string =>
  c.state === 'running' && dialler?.places_calls === false ? WAITING_FOR_DIALLER : c.state;

/** "2039-01-01 12:43 UTC", as the call list is written. */
export const utcMinute = (iso: string | null): string => (iso ? `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC` : '–');

/** A call the campaign has not dialled yet: it may still be removed or changed. */
export const isUndialled = (call: CampaignCall): boolean => call.status === 'queued' && call.attempts === 0;
