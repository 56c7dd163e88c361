import { type Expression, type OperationNodeSource, type RawBuilder, sql } from 'kysely';
import type { TrackerEntry } from '../../../src/api/contract/chat.ts';
import { CONFIDENCE_BINS } from '../../../src/api/contract/stats.ts';
import type { Db } from '../../db/database.ts';
import { unclassifiedKey } from '../unclassified/unclassified.ts';

/**
 * The dashboard's roll-ups (issue 18): what a chat turn adds to `stats_hourly` and
 * the per-intent and per-phrase counts (hourly and daily), computed from the tracker entries it stores and
 * written in the same statement as the conversation (so a turn costs no extra round trip). The seed and the
 * benchmark write their generated history through `writeRollup`, from the same `addEntries`.
 */

const HOUR_MS = 3_600_000;
/** Unclassified phrases are counted under their first characters: the dashboard shows a short list. */
const PHRASE_MAX = 200;
const HIST = Array.from({ length: CONFIDENCE_BINS }, (_, i) => `hist${i}`);

/** What one UTC hour gains. `hour` null: the hour the conversation started in (known to the database). */
export interface HourDelta {
  hour: string | null;
  conversations: number;
  user_messages: number;
  fallbacks: number;
  confidence_sum: number;
  confidence_count: number;
  hist: number[];
  ended: number;
  transferred: number;
  /** Issue 16: knowledge searches of the hour that answered, and those that found no answer. */
  knowledge_answers: number;
  knowledge_no_answers: number;
}

export interface Rollup {
  hours: Map<string, HourDelta>;
  /** `${hour}\t${intent}` -> messages. */
  intents: Map<string, number>;
  /** `${hour}\t${phrase}` -> messages. */
  phrases: Map<string, number>;
}

export const emptyRollup = (): Rollup => ({ hours: new Map(), intents: new Map(), phrases: new Map() });

/** The start of the UTC hour of a time in milliseconds, as ISO. */
export const hourOf = (ms: number): string => new Date(Math.floor(ms / HOUR_MS) * HOUR_MS).toISOString();

function hourDelta(r: Rollup, hour: string | null): HourDelta {
  const key = hour ?? '';
  let delta = r.hours.get(key);
  if (!delta) {
    delta = {
      hour,
      conversations: 0,
      user_messages: 0,
      fallbacks: 0,
      confidence_sum: 0,
      confidence_count: 0,
      hist: new Array(CONFIDENCE_BINS).fill(0),
      ended: 0,
      transferred: 0,
      knowledge_answers: 0,
      knowledge_no_answers: 0,
    };
    r.hours.set(key, delta);
  }
  return delta;
}

const bump = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);

/** A conversation started at `startedAt` (ms), or null: when the stored conversation says (the database's now()). */
export function addStart(r: Rollup, startedAt: number | null): void {
  hourDelta(r, startedAt === null ? null : hourOf(startedAt)).conversations += 1;
}

/**
 * Actions that hand the conversation to a person: a call's transfer, and a chat's redirect to an integration such as
 * an agent desk. Either ends the bot's containment of the conversation.
 */
const HANDOVER_ACTIONS = new Set(['call_transfer', 'integration_redirect']);

/**
 * The user messages among the entries (counted in their own hour) and the end of the conversation (counted in
 * the hour it started: `startHour`, or null for "the stored conversation's"). A message the classifier scored
 * has `confidence`; its `intent` null means it fell below the threshold (the fallback, an unclassified phrase).
 */
export function addEntries(r: Rollup, entries: readonly TrackerEntry[], startHour: string | null): void {
  for (const e of entries) {
    if (e.type === 'action' && e.value !== null && (e.value === 'call_end' || HANDOVER_ACTIONS.has(e.value))) {
      const delta = hourDelta(r, startHour);
      if (e.value === 'call_end') delta.ended += 1;
      else delta.transferred += 1;
      continue;
    }
    if (e.type === 'action' && e.value === 'knowledge_answer') {
      const delta = hourDelta(r, hourOf(e.timestamp / 1000));
      if (e.args.answered === true) delta.knowledge_answers += 1;
      else delta.knowledge_no_answers += 1;
      continue;
    }
    if (e.type !== 'utter' || e.args.who !== 'user') continue;
    const hour = hourOf(e.timestamp / 1000);
    const delta = hourDelta(r, hour);
    delta.user_messages += 1;
    if (typeof e.args.confidence !== 'number') continue;
    const confidence = Math.min(1, Math.max(0, e.args.confidence));
    delta.confidence_sum += confidence;
    delta.confidence_count += 1;
    delta.hist[Math.min(CONFIDENCE_BINS - 1, Math.floor(confidence * CONFIDENCE_BINS))] += 1;
    if (typeof e.args.intent === 'string') {
      bump(r.intents, `${hour}\t${e.args.intent}`);
    } else {
      delta.fallbacks += 1;
      const phrase = unclassifiedKey(e.value ?? '').slice(0, PHRASE_MAX);
      if (phrase) bump(r.phrases, `${hour}\t${phrase}`);
    }
  }
}

const COUNTS = ['conversations', 'user_messages', 'fallbacks', 'confidence_sum', 'confidence_count', ...HIST];
const HOURLY_COLUMNS = [...COUNTS, 'ended', 'transferred', 'knowledge_answers', 'knowledge_no_answers'];

const hourlyValues = (r: Rollup) =>
  sql.join(
    [...r.hours.values()].map(
      (d) =>
        sql`(${d.hour}::timestamptz, ${d.conversations}::int, ${d.user_messages}::int, ${d.fallbacks}::int,
          ${d.confidence_sum}::float8, ${d.confidence_count}::int, ${sql.join(d.hist.map((n) => sql`${n}::int`))},
          ${d.ended}::int, ${d.transferred}::int, ${d.knowledge_answers}::int, ${d.knowledge_no_answers}::int)`,
    ),
  );

const countValues = (map: Map<string, number>, type: 'timestamptz' | 'date') =>
  sql.join(
    [...map].map(([key, n]) => {
      const tab = key.indexOf('\t');
      return sql`(${key.slice(0, tab)}::${sql.raw(type)}, ${key.slice(tab + 1)}::text, ${n}::int)`;
    }),
  );

/** `${hour}\t${name}` counts summed per UTC day: `${day}\t${name}`. */
function perDay(map: Map<string, number>): Map<string, number> {
  const days = new Map<string, number>();
  for (const [key, n] of map) {
    const dayKey = `${key.slice(0, 10)}${key.slice(key.indexOf('\t'))}`;
    days.set(dayKey, (days.get(dayKey) ?? 0) + n);
  }
  return days;
}

/**
 * Rows of one hour (and intent) a turn adds to, spread by conversation: a row stays locked until its
 * transaction's commit reaches the disk, so one row per hour made every message of a project wait for the
 * previous one's fsync (migration 0011). Readers sum over slots.
 */
export const STATS_SLOTS = 8;
const slotOf = sql`(src.id % ${sql.lit(STATS_SLOTS)})::smallint`;

const addUp = (columns: string[], table: string) =>
  sql.join(columns.map((c) => sql`${sql.ref(c)} = ${sql.table(table)}.${sql.ref(c)} + excluded.${sql.ref(c)}`));

/**
 * The roll-up's inserts as data-modifying CTEs over `src`, a CTE with project_id, project_env, user_id and
 * started_at of the conversation: one row per conversation, none when its write did not happen (a stale
 * version), so the roll-up is written exactly when the turn is.
 */
function rollupCtes(r: Rollup): RawBuilder<unknown>[] {
  const ctes: RawBuilder<unknown>[] = [];
  if (r.hours.size) {
    const cols = sql.join(HOURLY_COLUMNS.map((c) => sql.ref(c)));
    const sums = sql.join(HOURLY_COLUMNS.map((c) => sql`sum(v.${sql.ref(c)})`));
    ctes.push(sql`stats_h AS (
      INSERT INTO stats_hourly (project_id, project_env, channel, hour_utc, slot, ${cols})
      SELECT src.project_id, src.project_env, CASE WHEN src.user_id IS NULL THEN 'widget' ELSE 'console' END,
        coalesce(v.hour, date_trunc('hour', src.started_at, 'UTC')) AS h, ${slotOf}, ${sums}
      FROM src, (VALUES ${hourlyValues(r)}) AS v(hour, ${cols})
      GROUP BY 1, 2, 3, 4, 5
      ON CONFLICT (project_id, project_env, hour_utc, channel, slot) DO UPDATE SET ${addUp(HOURLY_COLUMNS, 'stats_hourly')})`);
  }
  // The console users among the callers of the hours conversations started in (distinct counts cannot be summed).
  const startHours = [...r.hours.values()].filter((d) => d.conversations > 0).map((d) => d.hour);
  if (startHours.length) {
    ctes.push(sql`w_callers AS (
      INSERT INTO stats_callers_hourly (project_id, project_env, hour_utc, user_id)
      SELECT src.project_id, src.project_env, coalesce(v.hour, date_trunc('hour', src.started_at, 'UTC')), src.user_id
      FROM src, (VALUES ${sql.join(startHours.map((h) => sql`(${h}::timestamptz)`))}) AS v(hour)
      WHERE src.user_id IS NOT NULL
      ON CONFLICT DO NOTHING)`);
  }
  for (const [what, map, column] of [
    ['intents', r.intents, 'intent'],
    ['unclassified', r.phrases, 'phrase'],
  ] as const) {
    if (!map.size) continue;
    for (const [grain, time, type, counts] of [
      ['hourly', 'hour_utc', 'timestamptz', map],
      ['daily', 'day_utc', 'date', perDay(map)],
    ] as const) {
      const table = sql.table(`stats_${what}_${grain}`);
      // Intents are slotted like the hourly row; phrases are not (see migration 0011).
      const slotted = what === 'intents';
      const keys = sql`project_id, project_env, ${sql.ref(time)}, ${sql.ref(column)}${slotted ? sql`, slot` : sql``}`;
      ctes.push(sql`${sql.raw(`w_${what}_${grain}`)} AS (
        INSERT INTO ${table} (${keys}, count)
        SELECT src.project_id, src.project_env, v.t, v.key${slotted ? sql`, ${slotOf}` : sql``}, v.n
        FROM src, (VALUES ${countValues(counts, type)}) AS v(t, key, n)
        ON CONFLICT (${keys}) DO UPDATE SET count = ${table}.count + excluded.count)`);
    }
  }
  return ctes;
}

/**
 * `source` (an INSERT of a conversation, or a generated history's row, returning id, project_id, project_env,
 * user_id, started_at and `result`) with the roll-up written in the same statement; answers `result`'s row, or none.
 * A chat turn's writes carry theirs in their batch (`batchRollupCtes`).
 */
export function withRollup<T>(
  source: OperationNodeSource | Expression<unknown>,
  r: Rollup,
  result: RawBuilder<unknown>,
): RawBuilder<T> {
  const ctes = rollupCtes(r);
  return sql<T>`WITH src AS (${source})${ctes.length ? sql`, ${sql.join(ctes)}` : sql``} SELECT ${result} FROM src`;
}

/** Bulk: a generated history (the seed's demo, the benchmark) under one project, environment and user (none: the widget). */
export async function writeRollup(
  db: Db,
  key: { projectId: number; env: 'draft' | 'dev' | 'prod'; userId: number | null },
  r: Rollup,
): Promise<void> {
  // Chunks keep each statement far below PostgreSQL's 65,535 parameters.
  const chunk = <V>(entries: [string, V][], size: number) =>
    Array.from(
      { length: Math.ceil(entries.length / size) },
      (_, i) => new Map(entries.slice(i * size, (i + 1) * size)),
    );
  const parts: Rollup[] = [
    ...chunk([...r.hours], 1000).map((hours) => ({ hours, intents: new Map(), phrases: new Map() })),
    ...chunk([...r.intents], 5000).map((intents) => ({ hours: new Map(), intents, phrases: new Map() })),
    ...chunk([...r.phrases], 5000).map((phrases) => ({ hours: new Map(), intents: new Map(), phrases })),
  ];
  for (const part of parts) {
    const src = sql`SELECT 0 AS id, ${key.projectId}::int AS project_id, ${key.env}::text AS project_env,
      ${key.userId}::int AS user_id, NULL::timestamptz AS started_at`;
    await withRollup(src, part, sql`1`).execute(db);
  }
}

/**
 * A batch of conversation writes (conversation-writes.ts) carries its roll-up as data, per conversation: rows of
 * one JSON document that the batch's statement reads with jsonb_to_recordset, so that N turns are one statement
 * whose text never changes. `BatchRollupRows` holds what the conversations of one batch add.
 */
export interface BatchRollupRows {
  /** One row per conversation and hour: `id`, `hour` (null: the hour the conversation started), the counts. */
  hours: Record<string, number | string | null>[];
  intents: { id: number; hour: string; key: string; n: number }[];
  phrases: { id: number; hour: string; key: string; n: number }[];
}

export const emptyBatchRollupRows = (): BatchRollupRows => ({ hours: [], intents: [], phrases: [] });

/** Adds what conversation `id` gains (its `Rollup`) to a batch's rows. */
export function addBatchRollupRows(rows: BatchRollupRows, id: number, r: Rollup): void {
  for (const d of r.hours.values()) {
    const row: Record<string, number | string | null> = { id, hour: d.hour };
    for (const c of HOURLY_COLUMNS) row[c] = c.startsWith('hist') ? (d.hist[Number(c.slice(4))] ?? 0) : d[c as 'ended'];
    rows.hours.push(row);
  }
  for (const [map, out] of [
    [r.intents, rows.intents],
    [r.phrases, rows.phrases],
  ] as const) {
    for (const [key, n] of map) {
      const tab = key.indexOf('\t');
      out.push({ id, hour: key.slice(0, tab), key: key.slice(tab + 1), n });
    }
  }
}

/**
 * The roll-up's inserts for a batch, as data-modifying CTEs over `src` (the batch's conversation writes, returning
 * id, project_id, project_env, user_id, started_at: a conversation whose write did not happen adds nothing) and
 * `doc`, a CTE whose one column `doc` holds `BatchRollupRows` as `hours`, `intents`, `phrases`. Rows are summed per
 * target row (ON CONFLICT may touch a row once per statement) and inserted in key order, so concurrent batches of
 * several processes take the rows' locks in one order.
 */
export function batchRollupCtes(): RawBuilder<unknown>[] {
  const cols = sql.join(HOURLY_COLUMNS.map((c) => sql.ref(c)));
  const types = sql.raw(HOURLY_COLUMNS.map((c) => `${c} ${c === 'confidence_sum' ? 'float8' : 'int'}`).join(', '));
  const sums = sql.join(HOURLY_COLUMNS.map((c) => sql`sum(h.${sql.ref(c)})`));
  const startHour = sql`coalesce(h.hour, date_trunc('hour', src.started_at, 'UTC'))`;
  const ctes = [
    sql`h AS (SELECT h.* FROM doc, jsonb_to_recordset(doc.doc->'hours') AS h(id bigint, hour timestamptz, ${types}))`,
    sql`stats_h AS (
      INSERT INTO stats_hourly (project_id, project_env, channel, hour_utc, slot, ${cols})
      SELECT src.project_id, src.project_env, CASE WHEN src.user_id IS NULL THEN 'widget' ELSE 'console' END,
        ${startHour}, ${slotOf}, ${sums}
      FROM src JOIN h ON h.id = src.id
      GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT (project_id, project_env, hour_utc, channel, slot) DO UPDATE SET ${addUp(HOURLY_COLUMNS, 'stats_hourly')})`,
    sql`w_callers AS (
      INSERT INTO stats_callers_hourly (project_id, project_env, hour_utc, user_id)
      SELECT DISTINCT src.project_id, src.project_env, ${startHour}, src.user_id
      FROM src JOIN h ON h.id = src.id WHERE src.user_id IS NOT NULL AND h.conversations > 0
      ON CONFLICT DO NOTHING)`,
  ];
  for (const [what, column] of [
    ['intents', 'intent'],
    ['unclassified', 'phrase'],
  ] as const) {
    const rows = what === 'intents' ? 'intents' : 'phrases';
    ctes.push(
      sql`${sql.raw(`r_${what}`)} AS (SELECT r.* FROM doc,
        jsonb_to_recordset(doc.doc->${sql.lit(rows)}) AS r(id bigint, hour timestamptz, key text, n int))`,
    );
    for (const grain of ['hourly', 'daily'] as const) {
      const table = sql.table(`stats_${what}_${grain}`);
      const time = grain === 'hourly' ? 'hour_utc' : 'day_utc';
      const t = grain === 'hourly' ? sql`r.hour` : sql`(r.hour AT TIME ZONE 'UTC')::date`;
      // Intents are slotted like the hourly row; phrases are not (see migration 0011).
      const slotted = what === 'intents';
      const keys = sql`project_id, project_env, ${sql.ref(time)}, ${sql.ref(column)}${slotted ? sql`, slot` : sql``}`;
      const groups = slotted ? sql`1, 2, 3, 4, 5` : sql`1, 2, 3, 4`;
      ctes.push(sql`${sql.raw(`w_${what}_${grain}`)} AS (
        INSERT INTO ${table} (${keys}, count)
        SELECT src.project_id, src.project_env, ${t}, r.key${slotted ? sql`, ${slotOf}` : sql``}, sum(r.n)
        FROM src JOIN ${sql.raw(`r_${what}`)} AS r ON r.id = src.id
        GROUP BY ${groups} ORDER BY ${groups}
        ON CONFLICT (${keys}) DO UPDATE SET count = ${table}.count + excluded.count)`);
    }
  }
  return ctes;
}
