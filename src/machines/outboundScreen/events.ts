import type { CampaignCall } from '../../api/contract/outbound.ts';
import type { CallImportEmitted } from '../callImport/events.ts';
import type { CampaignEmitted } from '../campaign/events.ts';

export type OutboundScreenEvent =
  | { type: 'campaigns.reload' }
  /** A row's "Calls" button: its call table opens below the campaigns. */
  | { type: 'campaign.select'; id: number }
  | { type: 'campaign.deselect' }
  | { type: 'campaign.delete'; id: number }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' }
  /** Start asks first: dialling costs money. */
  | { type: 'campaign.start'; id: number }
  | { type: 'start.confirm' }
  | { type: 'start.cancel' }
  | { type: 'campaign.pause'; id: number }
  | { type: 'report.download'; id: number }
  /** A call not dialled yet (queued, no attempt): removed after a confirmation, or changed in a small form. */
  | { type: 'call.remove'; call: CampaignCall }
  | { type: 'callRemoval.confirm' }
  | { type: 'callRemoval.cancel' }
  | { type: 'call.edit'; call: CampaignCall }
  | { type: 'callDraft.change'; field: 'destination' | 'scheduledTime'; value: string }
  | { type: 'callDraft.save' }
  | { type: 'callDraft.cancel' }
  /** From the modal and import charts, relayed. */
  | CampaignEmitted
  | CallImportEmitted;
