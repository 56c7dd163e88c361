import { z } from 'zod';
import { defineCall, grant } from './call.ts';
import { projectEnv, scopeQuery } from './common.ts';
import { callResult } from './outbound.ts';

/** Spec 1 §2 / spec 2 §7: the dashboard's statistics, per environment, over a period. */

/** Conversations with no message for this long and not ended count as abandoned. */
export const ABANDONED_AFTER_MINUTES = 30;
/** The confidence histogram has ten bins of 0.1: [0, 0.1), ..., [0.9, 1]. */
export const CONFIDENCE_BINS = 10;
/** A period of at most this many days is shown per hour, longer ones per day. */
export const HOURLY_UP_TO_DAYS = 2;
/** The longest period one call may ask for. */
export const MAX_PERIOD_DAYS = 366;
export const TOP_N = 10;
/** The containment card's tooltip (issue 34): what the figure counts. */
export const CONTAINMENT_DEFINITION =
  'Conversations that ended without a transfer to a person and were not abandoned, out of the conversations of the period that are over (still active ones are not counted yet).';

export { isTimeZone } from './time-zone.ts';

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A day is YYYY-MM-DD.');

export const statsQuery = scopeQuery.extend({
  /**
   * dev: the testing environment together with the console's test window (the draft); prod: production.
   * The grant is `GET /stats` in that environment.
   */
  project_env: projectEnv,
  /** First day of the period, in `tz`. */
  from: isoDay,
  /** Last day of the period (inclusive), in `tz`. */
  to: isoDay,
  /** IANA time zone the days and hours are counted in; default UTC. */
  tz: z.string().min(1).max(64).default('UTC'),
});

/** Headline figures of a period. Shares are 0..1; null when there is nothing to divide by. */
export const statsTotals = z.object({
  conversations: z.number().int(),
  user_messages: z.number().int(),
  avg_messages: z.number().nullable(),
  /** Distinct callers where the channel knows them (console users, campaign numbers); null when none is known. */
  unique_callers: z.number().int().nullable(),
  /** Share of user messages that reached the fallback (unclassified). */
  fallback_share: z.number().nullable(),
  avg_confidence: z.number().nullable(),
  /** Conversations ended by `call_end`. */
  ended: z.number().int(),
  /** Conversations handed to a person: `call_transfer` (voice) or `integration_redirect` (chat, e.g. an agent desk). */
  transferred: z.number().int(),
  /** Neither ended nor transferred, and silent for ABANDONED_AFTER_MINUTES. */
  abandoned: z.number().int(),
  /**
   * Issue 34: conversations that ended without a transfer and were not abandoned, out of the conversations that are
   * over (ended + transferred + abandoned; those still active are not counted yet). CONTAINMENT_DEFINITION says it.
   */
  containment: z.number().nullable(),
  /** Issue 16: user messages answered from the knowledge base, and knowledge searches with no answer. */
  knowledge_answers: z.number().int().optional(),
  knowledge_no_answers: z.number().int().optional(),
});
export type StatsTotals = z.infer<typeof statsTotals>;

export const statsResponse = z.object({
  project_env: projectEnv,
  from: isoDay,
  to: isoDay,
  tz: z.string(),
  bucket: z.enum(['hour', 'day']),
  totals: statsTotals,
  /**
   * The same figures for the period of equal length just before, for the change shown beside each figure; while the
   * period is under way, only as many of its hours as the period has had (the same hours of the day before for today).
   */
  previous: statsTotals,
  /** One point per bucket of the period, in order, empty buckets included; `t` is the bucket's start (ISO). */
  series: z.array(
    z.object({
      t: z.string(),
      conversations: z.number().int(),
      user_messages: z.number().int(),
      fallbacks: z.number().int(),
      /** The bucket is under way (the current hour or today): its counts are so far. Buckets not begun are left out. */
      partial: z.literal(true).optional(),
    }),
  ),
  /** Counts of classified user messages by confidence, CONFIDENCE_BINS bins of 0.1. */
  confidence_histogram: z.array(z.number().int()).length(CONFIDENCE_BINS),
  top_intents: z.array(z.object({ intent: z.string(), count: z.number().int() })).max(TOP_N),
  /**
   * The period's most counted phrases among those waiting in the fallbacks queue (issue 34: the list and the queue
   * read the same phrases): the queue's id and text as the user wrote it.
   */
  top_unclassified: z.array(z.object({ id: z.number().int(), text: z.string(), count: z.number().int() })).max(TOP_N),
  channels: z.array(z.object({ channel: z.enum(['console', 'widget', 'campaign']), conversations: z.number().int() })),
  /**
   * Campaign calls of the environment that reached their final status in the period, by how their last attempt
   * ended (completed: answered and hung up; busy, no-answer, failed: retries exhausted). Every result is listed.
   */
  campaign_calls: z.array(z.object({ result: callResult, calls: z.number().int() })),
  /** Deployments of the environment within the period, to mark on the time axis. */
  deployments: z.array(z.object({ id: z.number().int(), created: z.string(), note: z.string() })),
});
export type Stats = z.infer<typeof statsResponse>;

export const getStats = defineCall({
  name: 'getStats',
  method: 'GET',
  path: '/stats',
  resource: '/stats',
  access: grant('GET', '/stats', 'query'),
  query: statsQuery,
  response: statsResponse,
  summary: "The dashboard's statistics of one environment over a period (spec 1 §2).",
});
