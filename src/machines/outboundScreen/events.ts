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
  /** From the modal and import charts, relayed. */
  | CampaignEmitted
  | CallImportEmitted;
