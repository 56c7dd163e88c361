import { timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import type { TrackerEntry } from '../../../src/api/contract/chat.ts';
import type {
  ConversationDetail,
  ConversationEnv,
  ConversationNote,
  ConversationSummary,
  conversationsQuery,
} from '../../../src/api/contract/conversations.ts';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { invalidInput, notFound } from '../../domain-errors.ts';
import { type StoredConversation, hashToken, storeConversationLabels } from './conversation-writes.ts';
import { transcriptOf } from './transcript.ts';

/**
 * The conversation of a chat call: the caller's project and environment, the token it was given at init.
 * Anything else is one uniform 404 (a guessed id tells nothing).
 */
export async function loadConversation(
  db: Db,
  where: { id: number; projectId: number; env: ConversationEnv; token: string },
): Promise<StoredConversation> {
  const row = await db
    .selectFrom('conversations')
    .select([
      'id',
      'project_id',
      'project_env',
      'token_hash',
      'last_ts',
      'variables',
      'scope_id',
      'projects',
      'timers',
      'ended',
      'version',
    ])
    .select(sql<boolean>`coalesce(busy_until > now(), false)`.as('busy'))
    .select(transcriptOf(sql`conversations.id`).as('tracker'))
    .where('id', '=', where.id)
    .where('project_id', '=', where.projectId)
    .executeTakeFirst();
  const given = Buffer.from(hashToken(where.token));
  if (!row || row.project_env !== where.env || !timingSafeEqual(given, Buffer.from(row.token_hash))) {
    throw notFound('Conversation not found.');
  }
  return {
    id: Number(row.id),
    projectId: row.project_id,
    env: row.project_env,
    tracker: row.tracker,
    lastTs: row.last_ts,
    state: {
      variables: row.variables,
      scopeId: row.scope_id,
      projects: row.projects,
      timers: row.timers,
      ended: row.ended,
    },
    version: row.version,
    busy: row.busy,
  };
}

/** Entries after `lastTs` of a conversation, for the integration websocket (already authorised). */
export async function entriesAfter(
  db: Db,
  id: number,
  lastTs: number,
): Promise<{ entries: TrackerEntry[]; ended: boolean }> {
  const row = await db
    .selectFrom('conversations')
    .select(['ended', transcriptOf(sql`conversations.id`, sql`${lastTs}::bigint`).as('entries')])
    .where('id', '=', id)
    .executeTakeFirst();
  return { entries: row?.entries ?? [], ended: row?.ended ?? false };
}

type ListQuery = z.output<typeof conversationsQuery>;

const summaryColumns = [
  'id',
  'project_env',
  'started_at',
  'last_activity_at',
  'ended',
  'labels',
  'messages',
  'preview',
  'channel',
] as const;

/**
 * Issue 16: the conversation's knowledge searches that answered and those that found no answer, counted from its
 * tracker when a page of the list is read (at most 200 rows; the message path writes nothing more for it). The detail
 * carries the tracker itself, so it is not counted twice there.
 */
const knowledgeCounts = sql<[number, number]>`(
  SELECT ARRAY[count(*) FILTER (WHERE e->'args'->>'answered' = 'true'),
               count(*) FILTER (WHERE e->'args'->>'answered' IS DISTINCT FROM 'true')]::int[]
  FROM conversation_entries ce CROSS JOIN LATERAL jsonb_array_elements(ce.entries) e
  WHERE ce.conversation_id = conversations.id AND e->>'type' = 'action' AND e->>'value' = 'knowledge_answer')`.as(
  'knowledge',
);

// biome-ignore lint/suspicious/noExplicitAny: Kysely's select builder type of the filtered query.
function filtered(db: Db, projectId: number, q: ListQuery): any {
  let query = db.selectFrom('conversations').where('project_id', '=', projectId);
  if (q.project_env) query = query.where('project_env', '=', q.project_env);
  if (q.date_from) query = query.where('last_activity_at', '>=', new Date(q.date_from));
  if (q.date_to) {
    const to = new Date(q.date_to);
    // A bare date means the whole day.
    if (/^\d{4}-\d{2}-\d{2}$/.test(q.date_to)) to.setUTCDate(to.getUTCDate() + 1);
    query = query.where('last_activity_at', '<', to);
  }
  if (q.label) query = query.where(sql<boolean>`labels @> ${JSON.stringify([q.label])}::jsonb`);
  if (q.text) {
    const pattern = `%${q.text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where('search_text', 'ilike', pattern);
  }
  if (Number.isNaN(new Date(q.date_from ?? 0).getTime()) || Number.isNaN(new Date(q.date_to ?? 0).getTime())) {
    throw invalidInput('Invalid date.');
  }
  return query;
}

const summaryOf = (r: {
  id: number;
  project_env: ConversationEnv;
  started_at: Date;
  last_activity_at: Date;
  ended: boolean;
  labels: string[];
  messages: number;
  preview: string;
  channel: string;
  knowledge?: [number, number];
}): ConversationSummary => ({
  id: Number(r.id),
  project_env: r.project_env,
  started_at: new Date(r.started_at).toISOString(),
  last_activity_at: new Date(r.last_activity_at).toISOString(),
  ended: r.ended,
  labels: r.labels,
  messages: r.messages,
  preview: r.preview,
  channel: r.channel === 'voice' ? 'voice' : 'chat',
  ...(r.knowledge && (r.knowledge[0] > 0 || r.knowledge[1] > 0)
    ? { knowledge_answers: r.knowledge[0], knowledge_no_answers: r.knowledge[1] }
    : {}),
});

export async function listConversations(db: Db, projectId: number, q: ListQuery) {
  const base = filtered(db, projectId, q);
  const { total } = await base.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .select([...summaryColumns, knowledgeCounts])
    .orderBy('last_activity_at', 'desc')
    .orderBy('id', 'desc')
    .limit(q.page_size)
    .offset((q.page - 1) * q.page_size)
    .execute();
  return { items: rows.map(summaryOf), total, page: q.page, page_size: q.page_size };
}

/** Every match, newest first, read in pages of 500 so the CSV streams without holding everything. */
export async function* conversationRows(db: Db, projectId: number, q: ListQuery): AsyncIterable<unknown[]> {
  for (let offset = 0; ; offset += 500) {
    const rows = await filtered(db, projectId, q)
      .select(summaryColumns)
      .orderBy('last_activity_at', 'desc')
      .orderBy('id', 'desc')
      .limit(500)
      .offset(offset)
      .execute();
    for (const r of rows.map(summaryOf)) {
      yield [
        r.id,
        r.project_env,
        r.started_at,
        r.last_activity_at,
        r.ended ? 'yes' : 'no',
        r.messages,
        r.labels.join(', '),
        r.preview,
      ];
    }
    if (rows.length < 500) return;
  }
}
export const CONVERSATION_CSV_HEADER = [
  'ID',
  'Env',
  'Started',
  'Last activity',
  'Ended',
  'Messages',
  'Labels',
  'First message',
];

export async function conversationDetail(db: Db, projectId: number, id: number): Promise<ConversationDetail> {
  const row = await db
    .selectFrom('conversations')
    .select([...summaryColumns, 'variables', 'scope_id', 'projects'])
    .select(transcriptOf(sql`conversations.id`).as('tracker'))
    .where('id', '=', id)
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  if (!row) throw notFound('Conversation not found.');
  const scope = row.scope_id
    ? await db.selectFrom('reaction_scopes').select('name').where('id', '=', row.scope_id).executeTakeFirst()
    : undefined;
  return {
    ...summaryOf(row),
    tracker: row.tracker,
    variables: row.variables,
    scope: scope?.name ?? null,
    projects: row.projects,
    notes: await notesOf(db, projectId, id),
  };
}

async function notesOf(db: Db, projectId: number, conversationId: number): Promise<ConversationNote[]> {
  const rows = await db
    .selectFrom('conversation_notes as n')
    .leftJoin('users as u', 'u.id', 'n.user_id')
    .select(['n.id', 'n.conversation_id', 'n.user_id', 'u.name as user_name', 'n.text', 'n.created_at', 'n.updated_at'])
    .where('n.project_id', '=', projectId)
    .where('n.conversation_id', '=', conversationId)
    .orderBy('n.id')
    .execute();
  return rows.map((n) => ({
    ...n,
    conversation_id: Number(n.conversation_id),
    created_at: new Date(n.created_at).toISOString(),
    updated_at: new Date(n.updated_at).toISOString(),
  }));
}

async function requireConversation(db: Db, projectId: number, id: number): Promise<void> {
  const row = await db
    .selectFrom('conversations')
    .select('id')
    .where('id', '=', id)
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  if (!row) throw notFound('Conversation not found.');
}

/** -1 creates; an existing note is found by id within the project and the given conversation. */
export async function saveNote(
  trx: Db,
  n: { projectId: number; userId: number | null; id: number; conversationId: number; text: string },
): Promise<number> {
  await requireConversation(trx, n.projectId, n.conversationId);
  if (n.id === -1) {
    const { id } = await trx
      .insertInto('conversation_notes')
      .values({ project_id: n.projectId, conversation_id: n.conversationId, user_id: n.userId, text: n.text })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }
  const row = await trx
    .updateTable('conversation_notes')
    .set({ text: n.text, updated_at: new Date() })
    .where('id', '=', n.id)
    .where('project_id', '=', n.projectId)
    .where('conversation_id', '=', n.conversationId)
    .returning('id')
    .executeTakeFirst();
  if (!row) throw notFound('Note not found.');
  return row.id;
}

export async function deleteNote(trx: Db, projectId: number, id: number): Promise<number> {
  const row = await trx
    .deleteFrom('conversation_notes')
    .where('id', '=', id)
    .where('project_id', '=', projectId)
    .returning('conversation_id')
    .executeTakeFirst();
  if (!row) throw notFound('Note not found.');
  return Number(row.conversation_id);
}

/** Labels are the project's labels (GET /labels), by name. */
export async function setLabels(trx: Db, projectId: number, id: number, labels: string[]): Promise<string[]> {
  await requireConversation(trx, projectId, id);
  const unique = [...new Set(labels)];
  if (unique.length) {
    const known = await trx
      .selectFrom('labels')
      .select('name')
      .where('project_id', '=', projectId)
      .where('name', 'in', unique)
      .execute();
    const missing = unique.find((l) => !known.some((k) => k.name === l));
    if (missing) throw invalidInput(`Label ${missing} does not exist.`);
  }
  await storeConversationLabels(trx, id, unique);
  return unique;
}
