import { type RawBuilder, sql } from 'kysely';
import type { TrackerEntry } from '../../../src/api/contract/chat.ts';
import type { Db } from '../../db/database.ts';

/*
 * How a conversation's transcript (its tracker entries) is read (migration 0014, issue 35): each write that added
 * entries appended one row of `conversation_entries` (conversation-writes.ts, its only writer), so the transcript
 * is those rows in `seq` order, their entries concatenated. These fragments go inside the readers' own statement:
 * reading a conversation stays one statement.
 */

/**
 * The transcript of conversation `id` (an SQL expression, e.g. `c.id`) as one jsonb array; with `afterTs`, only its
 * entries whose timestamp is later (rows whose newest entry is not later are skipped without being opened).
 */
export function transcriptOf(id: RawBuilder<unknown>, afterTs?: RawBuilder<unknown>): RawBuilder<TrackerEntry[]> {
  const later = afterTs ? sql`AND ce.last_ts > ${afterTs} AND (t.e->>'timestamp')::bigint > ${afterTs}` : sql``;
  return sql<TrackerEntry[]>`(SELECT coalesce(jsonb_agg(t.e ORDER BY ce.seq, t.n), '[]'::jsonb)
    FROM conversation_entries ce, jsonb_array_elements(ce.entries) WITH ORDINALITY AS t(e, n)
    WHERE ce.conversation_id = ${id} ${later})`;
}

/** The largest timestamp among entries, rounded up (0 when none has one): a row's `last_ts` (bigint). */
export const newestOf = (entries: readonly TrackerEntry[]): number =>
  Math.ceil(entries.reduce((newest, e) => Math.max(newest, e.timestamp ?? 0), 0));

/** A conversation's whole transcript as stored ([] when it has none), e.g. for a check that reads it back. */
export async function readTranscript(db: Db, id: number): Promise<TrackerEntry[]> {
  const { rows } = await sql<{
    tracker: TrackerEntry[];
  }>`SELECT ${transcriptOf(sql`${id}::bigint`)} AS tracker`.execute(db);
  return rows[0]?.tracker ?? [];
}
