import { z } from 'zod';
import { auditFields } from './audit.ts';
import { defineCall, grant } from './call.ts';
import { idOrNewParam, idParam, idResponse, okResponse, projectEnv, scopeQuery } from './common.ts';
import { MAX_ROW_ID } from './row-id.ts';
import { isTimeZone } from './time-zone.ts';

/** Validation texts of spec 2 §5 and issue 17, shared by the outbound screen and the server. */
export const CAMPAIGN_NAME_EMPTY = 'Name cannot be empty.';
export const CAMPAIGN_TIME_FORMAT = 'Use a time as HH:MM, e.g. 09:00.';
/** Issue 38: the window's time zone. */
export const CAMPAIGN_TIME_ZONE = 'Choose a time zone from the list (e.g. Europe/Prague).';
export const CAMPAIGN_RETRY_COUNT = 'Retry count must be a whole number from 0 to 100.';
export const CAMPAIGN_RETRY_INTERVAL = 'Retry interval must be a whole number of minutes from 0 to 10080.';
export const CAMPAIGN_TIMEOUT = 'Timeout must be a whole number of seconds from 1 to 600.';
export const CAMPAIGN_CALLBACK_URL = 'Callback URL must be an http or https URL.';
/** Issue 38: what an answering machine gets. */
export const CAMPAIGN_ANSWERING_MACHINE =
  'Choose what to do when an answering machine answers: off, hang up or leave a message.';
/** Not in spec 2 (issue 17 §2: a concurrency cap per campaign across instances); our words. */
export const CAMPAIGN_MAX_CONCURRENT = 'Calls at once must be a whole number from 1 to 1000.';

/** Spec 2 §5 defaults: env dev, 09:00–17:00 UTC, retry every 120 minutes 3 times, ring 30 seconds, no callback. */
export const CAMPAIGN_DEFAULTS = {
  name: '',
  project_env: 'dev',
  call_time_from: '09:00',
  call_time_to: '17:00',
  retry_interval: 120,
  retry_count: 3,
  timeout: 30,
  callback_url: '',
  /** Calls of the campaign in progress at once, across every server instance (not in spec 2). */
  max_concurrent: 10,
  /** The window's time zone (issue 38); spec 2's windows are UTC, which stays the default. */
  time_zone: 'UTC',
  /**
   * What a hosted gateway's answering-machine detection leads to (issue 38): hang up, so a voicemail neither bills
   * minutes nor records a greeting that asks it to press keys. Campaigns written before the choice keep 'off'.
   */
  answering_machine: 'hang-up',
} as const;

/**
 * What a campaign does when the gateway (Twilio, jambonz) detects an answering machine: `off` asks for no detection
 * (every answer is a person), `hang-up` hangs up at once, `message` waits for the greeting's end (the beep) and plays
 * the start reaction's utterances as a message, then hangs up. The SIP dialler has no detection: there, every answer
 * is a person whatever the choice.
 */
export const answeringMachineChoice = z.enum(['off', 'hang-up', 'message'], { error: CAMPAIGN_ANSWERING_MACHINE });
export type AnsweringMachineChoice = z.infer<typeof answeringMachineChoice>;

/** A UTC time of day, HH:MM (00:00–23:59). A window whose `to` is before its `from` crosses midnight. */
export const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
const utcTime = z.string().regex(HH_MM, CAMPAIGN_TIME_FORMAT);

/** What the add/edit modal sends: PUT /outbound/campaigns/-1 creates, PUT /outbound/campaigns/{id} saves. */
export const campaignBody = z.object({
  name: z.string().max(200).trim().min(1, CAMPAIGN_NAME_EMPTY),
  project_env: projectEnv.default(CAMPAIGN_DEFAULTS.project_env),
  call_time_from: utcTime.default(CAMPAIGN_DEFAULTS.call_time_from),
  call_time_to: utcTime.default(CAMPAIGN_DEFAULTS.call_time_to),
  /** IANA time zone the window is written in; the window follows its wall clock across DST changes. */
  time_zone: z
    .string()
    .max(64, CAMPAIGN_TIME_ZONE)
    .refine(isTimeZone, CAMPAIGN_TIME_ZONE)
    .default(CAMPAIGN_DEFAULTS.time_zone),
  /** Gateway dialling only (Twilio, jambonz): what an answering machine gets. */
  answering_machine: answeringMachineChoice.default(CAMPAIGN_DEFAULTS.answering_machine),
  /** Minutes between a busy / unanswered / failed attempt and the next one. */
  retry_interval: z
    .number({ error: CAMPAIGN_RETRY_INTERVAL })
    .int(CAMPAIGN_RETRY_INTERVAL)
    .min(0, CAMPAIGN_RETRY_INTERVAL)
    .max(10080, CAMPAIGN_RETRY_INTERVAL)
    .default(CAMPAIGN_DEFAULTS.retry_interval),
  /** Attempts after the first one. */
  retry_count: z
    .number({ error: CAMPAIGN_RETRY_COUNT })
    .int(CAMPAIGN_RETRY_COUNT)
    .min(0, CAMPAIGN_RETRY_COUNT)
    .max(100, CAMPAIGN_RETRY_COUNT)
    .default(CAMPAIGN_DEFAULTS.retry_count),
  /** Ring time in seconds. */
  timeout: z
    .number({ error: CAMPAIGN_TIMEOUT })
    .int(CAMPAIGN_TIMEOUT)
    .min(1, CAMPAIGN_TIMEOUT)
    .max(600, CAMPAIGN_TIMEOUT)
    .default(CAMPAIGN_DEFAULTS.timeout),
  /** The most calls of this campaign in progress at once, across every server instance. */
  max_concurrent: z
    .number({ error: CAMPAIGN_MAX_CONCURRENT })
    .int(CAMPAIGN_MAX_CONCURRENT)
    .min(1, CAMPAIGN_MAX_CONCURRENT)
    .max(1000, CAMPAIGN_MAX_CONCURRENT)
    .default(CAMPAIGN_DEFAULTS.max_concurrent),
  /**
   * Every final call outcome is POSTed here as HMAC-signed JSON; empty for none. The server also refuses addresses
   * on private networks (like webhooks), with its own message.
   */
  callback_url: z
    .string()
    .max(2000)
    .trim()
    .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), CAMPAIGN_CALLBACK_URL)
    .default(CAMPAIGN_DEFAULTS.callback_url),
});
export type CampaignBody = z.input<typeof campaignBody>;

/** Dialling costs money: a campaign places calls only while running, and starts paused. */
export const campaignState = z.enum(['running', 'paused']);
export type CampaignState = z.infer<typeof campaignState>;

/** Calls of a campaign by where they are: queued (waiting for an attempt), in progress (dialling or answered), final. */
export const campaignProgress = z.object({
  queued: z.number().int(),
  in_progress: z.number().int(),
  completed: z.number().int(),
  failed: z.number().int(),
});
export type CampaignProgress = z.infer<typeof campaignProgress>;

export const campaign = campaignBody.extend({
  id: z.number().int(),
  state: campaignState,
  /** Calls not yet in a final state (queued + in progress). */
  pending: z.number().int(),
  progress: campaignProgress,
  /**
   * The secret the HMAC-SHA256 signature of callbacks (header `x-signature: sha256=<hex>`) is made with. Shown only
   * to users who may edit the campaign; empty otherwise.
   */
  callback_secret: z.string(),
});
export type Campaign = z.infer<typeof campaign>;
/** A campaign as the list answers it: with its read-only audit fields. */
export const campaignItem = campaign.extend(auditFields);
export type CampaignItem = z.infer<typeof campaignItem>;

/**
 * One call's lifecycle: queued → dialling → answered → completed; dialling → queued again (busy, no answer, failed,
 * while attempts remain) or failed (retries exhausted). Final: completed, failed.
 */
export const callStatus = z.enum(['queued', 'dialling', 'answered', 'completed', 'failed']);
export type CallStatus = z.infer<typeof callStatus>;
export const FINAL_CALL_STATUSES: readonly CallStatus[] = ['completed', 'failed'];

/**
 * How the last attempt ended, as the dialler reported it; `no-input`: answered, and the bot hung up on a silent callee
 * once the project's long-silence retries were used up; `machine`: the gateway detected an answering machine (the
 * campaign hung up on it or left it the start reaction as a message).
 */
export const callResult = z.enum(['completed', 'busy', 'no-answer', 'failed', 'do-not-call', 'no-input', 'machine']);
export type CallResult = z.infer<typeof callResult>;

export const campaignCall = z.object({
  id: z.number().int(),
  /** E.164 number (+420...) or SIP URI. */
  destination: z.string(),
  /** ISO 8601 UTC; the call is never placed before it. */
  scheduled_time: z.string(),
  status: callStatus,
  /** Attempts made so far (the first one included). */
  attempts: z.number().int(),
  last_result: callResult.nullable(),
  /** The last SIP status (486, 503, ...) or provider code, when known. */
  last_code: z.string().nullable(),
  /** ISO 8601 UTC of the next attempt of a queued call (in the campaign's window, not before scheduled_time). */
  next_attempt_at: z.string().nullable(),
  answered_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  /** The voice conversation of an answered call, for the conversation logs. */
  conversation_id: z.string().nullable(),
});
export type CampaignCall = z.infer<typeof campaignCall>;

export const getOutboundCampaigns = defineCall({
  name: 'getOutboundCampaigns',
  method: 'GET',
  path: '/outbound/campaigns',
  resource: '/outbound/campaigns',
  access: grant('GET', '/outbound/campaigns'),
  query: scopeQuery,
  response: z.array(campaignItem),
});

/** insertOutboundCampaign (id -1) and updateOutboundCampaign. A new campaign is paused. */
export const putOutboundCampaign = defineCall({
  name: 'putOutboundCampaign',
  method: 'PUT',
  path: '/outbound/campaigns/:id',
  resource: '/outbound/campaigns',
  access: grant('PUT', '/outbound/campaigns/{id}'),
  params: idOrNewParam,
  query: scopeQuery,
  body: campaignBody,
  response: idResponse,
});

/** Deletes the campaign and its calls (calls in progress are hung up). */
export const deleteOutboundCampaign = defineCall({
  name: 'deleteOutboundCampaign',
  method: 'DELETE',
  path: '/outbound/campaigns/:id',
  resource: '/outbound/campaigns',
  access: grant('DELETE', '/outbound/campaigns/{id}'),
  params: idParam,
  query: scopeQuery,
  response: okResponse,
});

/** Start / Pause: explicit, because dialling costs money. Needs the edit grant. Idempotent. */
export const setOutboundCampaignState = defineCall({
  name: 'setOutboundCampaignState',
  method: 'PUT',
  path: '/outbound/campaigns/:id/state',
  resource: '/outbound/campaigns',
  access: grant('PUT', '/outbound/campaigns/{id}'),
  params: idParam,
  query: scopeQuery,
  body: z.object({ state: campaignState }),
  response: okResponse,
});

/** What CAMPAIGN_DIALLER may name (README): `none` places no call, `fake` answers every call (demos). */
export const diallerKinds = ['none', 'fake', 'sip', 'jambonz', 'twilio'] as const;
export type DiallerKind = (typeof diallerKinds)[number];

/** The server's dialler (issue 33): with `none` a started campaign waits, and the outbound screen says so. */
export const outboundDialler = z.object({
  kind: z.enum(diallerKinds),
  /** False with `none`: no call is placed, whatever a campaign's state. */
  places_calls: z.boolean(),
});
export type OutboundDialler = z.infer<typeof outboundDialler>;

export const getOutboundDialler = defineCall({
  name: 'getOutboundDialler',
  method: 'GET',
  path: '/outbound/dialler',
  resource: '/outbound/campaigns',
  access: grant('GET', '/outbound/campaigns'),
  query: scopeQuery,
  response: outboundDialler,
});

/** Issue 33: what the outbound screen and the server's log say when CAMPAIGN_DIALLER is `none`. */
export const NO_DIALLER_TITLE = 'Calls are not being placed';
export const NO_DIALLER_TEXT =
  'No dialler is configured on this server (CAMPAIGN_DIALLER=none). Campaigns can be prepared and started, but ' +
  'their calls wait in the queue, keeping their schedule, until the server is started with CAMPAIGN_DIALLER set ' +
  'to sip, jambonz or twilio (fake answers every call, for demos).';
/** A started campaign while no dialler is configured: its state badge. */
export const WAITING_FOR_DIALLER = 'Waiting for a dialler';

/** The call list header, exactly. */
export const CALL_LIST_HEADER = 'destination,scheduled_time';
/** `scheduled_time` as spec 2 §5 writes it. */
export const SCHEDULED_TIME_EXAMPLE = '2039-01-01 12:43 UTC';

/**
 * Multipart field `file`: CSV `destination,scheduled_time`, appended to the campaign's calls, all or nothing. Bad
 * input answers 400 with every problem (line numbers included) in `message`, one per line, and imports nothing.
 */
export const uploadOutboundCalls = defineCall({
  name: 'uploadOutboundCalls',
  method: 'POST',
  path: '/outbound/campaigns/:id/upload',
  resource: '/outbound/campaigns',
  access: grant('POST', '/outbound/campaigns/{id}/upload'),
  params: idParam,
  query: scopeQuery,
  response: z.object({ status: z.literal('ok'), message: z.string(), calls_imported: z.number().int() }),
  atimeExempt: true,
});

/** The campaign's calls in import order, for the per-campaign call table. */
export const getOutboundCampaignCalls = defineCall({
  name: 'getOutboundCampaignCalls',
  method: 'GET',
  path: '/outbound/campaigns/:id/calls',
  resource: '/outbound/campaigns',
  access: grant('GET', '/outbound/campaigns'),
  params: idParam,
  query: scopeQuery,
  response: z.array(campaignCall),
});

/**
 * exportOutboundCampaignReport: CSV (text/csv), one row per call, formula-safe. Columns are REPORT_COLUMNS.
 */
export const getOutboundCampaignReport = defineCall({
  name: 'getOutboundCampaignReport',
  method: 'GET',
  path: '/outbound/campaigns/:id/report',
  resource: '/outbound/campaigns',
  access: grant('GET', '/outbound/campaigns'),
  params: idParam,
  query: scopeQuery,
  response: z.string(),
});

export const REPORT_COLUMNS = [
  'destination',
  'scheduled_time',
  'status',
  'attempts',
  'last_result',
  'codes',
  'answered_at',
  'ended_at',
  'duration_seconds',
  'conversation_id',
] as const;

/** `OutboundCampaignReport_{id}_{date}.csv`, the date as YYYY-MM-DD (UTC). */
export const campaignReportFileName = (id: number, date: Date) =>
  `OutboundCampaignReport_${id}_${date.toISOString().slice(0, 10)}.csv`;

/** Issue 38: a call dialled since the table was read can no longer be removed or changed (409). */
export const CALL_ALREADY_DIALLED = 'This call has already been dialled: it can no longer be removed or changed.';

const campaignCallParams = idParam.extend({
  callId: z.coerce
    .number({ error: 'callId must be a positive whole number' })
    .int('callId must be a positive whole number')
    .min(1, 'callId must be a positive whole number')
    .max(MAX_ROW_ID, 'callId is too large'),
});

/** Removes one call the campaign has not dialled yet (queued, no attempt); 409 once it has been dialled. */
export const deleteOutboundCampaignCall = defineCall({
  name: 'deleteOutboundCampaignCall',
  method: 'DELETE',
  path: '/outbound/campaigns/:id/calls/:callId',
  resource: '/outbound/campaigns',
  access: grant('PUT', '/outbound/campaigns/{id}'),
  params: campaignCallParams,
  query: scopeQuery,
  response: okResponse,
});

/** Replaces one call's destination and scheduled time (`2039-01-01 12:43 UTC`) before it is dialled. */
export const putOutboundCampaignCall = defineCall({
  name: 'putOutboundCampaignCall',
  method: 'PUT',
  path: '/outbound/campaigns/:id/calls/:callId',
  resource: '/outbound/campaigns',
  access: grant('PUT', '/outbound/campaigns/{id}'),
  params: campaignCallParams,
  query: scopeQuery,
  body: z.object({ destination: z.string().max(300), scheduled_time: z.string().max(40) }),
  response: okResponse,
});
