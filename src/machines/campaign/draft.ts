import {
  type AnsweringMachineChoice,
  CAMPAIGN_DEFAULTS,
  type Campaign,
  type CampaignBody,
  campaignBody,
} from '../../api/contract/outbound.ts';

/** What the add/edit modal edits; number fields may be '' while being typed (then refused with their message). */
export interface CampaignDraft {
  name: string;
  project_env: 'dev' | 'prod';
  call_time_from: string;
  call_time_to: string;
  /** IANA time zone of the window (issue 38). */
  time_zone: string;
  /** What a gateway's answering-machine detection leads to (issue 38). */
  answering_machine: AnsweringMachineChoice;
  retry_interval: number | '';
  retry_count: number | '';
  timeout: number | '';
  max_concurrent: number | '';
  callback_url: string;
}

export type CampaignField = keyof CampaignDraft;

/** Spec 2 §5 defaults for a new campaign. */
export const newCampaignDraft = (): CampaignDraft => ({ ...CAMPAIGN_DEFAULTS });

export const draftOfCampaign = (campaign: Campaign): CampaignDraft => ({
  name: campaign.name,
  project_env: campaign.project_env,
  call_time_from: campaign.call_time_from,
  call_time_to: campaign.call_time_to,
  time_zone: campaign.time_zone,
  answering_machine: campaign.answering_machine,
  retry_interval: campaign.retry_interval,
  retry_count: campaign.retry_count,
  timeout: campaign.timeout,
  max_concurrent: campaign.max_concurrent,
  callback_url: campaign.callback_url,
});

/** Field → first message of the contract's own validation (the server refuses the same, with the same words). */
export function campaignErrors(draft: CampaignDraft): Partial<Record<CampaignField, string>> {
  const parsed = campaignBody.safeParse(draft);
  if (parsed.success) return {};
  const errors: Partial<Record<CampaignField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as CampaignField;
    errors[field] ??= issue.message;
  }
  return errors;
}

export const isValidDraft = (draft: CampaignDraft): boolean => campaignBody.safeParse(draft).success;

/** The body the server gets: what the contract parses the draft to (trimmed name and URL). */
export const bodyOfDraft = (draft: CampaignDraft): CampaignBody => campaignBody.parse(draft);
