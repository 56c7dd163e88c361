import type { CampaignItem } from '../../src/api/contract/outbound.ts';

/** A campaign unlike the defaults in every field (a window across midnight), for the outbound charts' tests. */
export const sampleCampaign: CampaignItem = {
  id: 7,
  name: 'Reminders',
  project_env: 'prod',
  call_time_from: '22:00',
  call_time_to: '06:00',
  time_zone: 'UTC',
  answering_machine: 'hang-up',
  retry_interval: 30,
  retry_count: 1,
  timeout: 20,
  max_concurrent: 4,
  callback_url: 'https://hooks.example.com/results',
  state: 'paused',
  pending: 2,
  progress: { queued: 2, in_progress: 0, completed: 1, failed: 1 },
  callback_secret: 'secret',
  version: 1,
  who: 'Administrator',
};
