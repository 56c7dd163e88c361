import type { Campaign } from '../../api/contract/outbound.ts';
import type { CampaignField } from './draft.ts';

export type CampaignEvent =
  /** 'Add campaign' (no campaign: the spec's defaults) or a row's edit button (that campaign). */
  | { type: 'campaign.open'; campaign?: Campaign }
  | { type: 'campaign.change'; field: CampaignField; value: string | number }
  | { type: 'campaign.save' }
  | { type: 'campaign.cancel' }
  /** The answers of the shared "unsaved changes" question (navigationGuard/leaving.ts). */
  | { type: 'leave.save' }
  | { type: 'leave.discard' }
  | { type: 'leave.stay' };

/** Emitted when a save succeeded, so the screen reloads its list. */
export type CampaignEmitted = { type: 'campaign.saved'; id: number; created: boolean };
