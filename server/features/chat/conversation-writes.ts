import { createHash, randomBytes } from 'node:crypto';
import { type Insertable, sql } from 'kysely';
import type { TrackerEntry } from '../../../src/api/contract/chat.ts';
import type { ConversationEnv } from '../../../src/api/contract/conversations.ts';
import type { ConversationState } from '../../chat/conversation-state.ts';
import type { Db } from '../../db/database.ts';
import type { ConversationsTable } from '../../db/schema.ts';
import { DomainError } from '../../domain-errors.ts';
import { GroupCommit } from '../../db/group-commit.ts';
import { preparedStatement } from '../../db/prepared-statements.ts';
import { CHAT_CHANNEL } from './chat-bus.ts';
import { newestOf } from './transcript.ts';
import {
  addBatchRollupRows,
  addEntries,
  addStart,
  batchRollupCtes,
  emptyBatchRollupRows,
  emptyRollup,
  withRollup,
} from '../stats/stats-rollup.ts';
import { addUnclassifiedRows, unclassifiedBatchCte } from '../unclassified/unclassified.ts';

/*
 * The only module that writes `conversations` (issue 32: one writer per table): a new conversation, the busy mark,
 * the batched turn writes (group commit), labels, the voice channel and the demo history's rows.
 */

/** A new conversation token: what the client holds to talk in its conversation (the id alone is guessable). */
export const newConversationToken = (): string => randomBytes(24).toString('base64url');
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export interface StoredConversation {
  id: number;
  projectId: number;
  env: ConversationEnv;
  tracker: TrackerEntry[];
  lastTs: number;
  state: ConversationState;
  version: number;
  busy: boolean;
}

export interface NewConversation {
  projectId: number;
  env: ConversationEnv;
  deploymentId: number | null;
  userId: number | null;
  token: string;
}

export async function createConversation(db: Db, c: NewConversation): Promise<StoredConversation> {
  const [created] = await createConversations(db, [c]);
  return created!;
}

/**
 * New conversations, any number in one statement (issue 35 item 1: the chat's openings go through a group commit
 * like its turns, `conversationCreates`): one insert of all rows, each counted once in the dashboard's roll-up (the
 * roll-up's rows join each inserted row), so a crowd that opens together costs one commit, not one per opening.
 */
export async function createConversations(db: Db, items: readonly NewConversation[]): Promise<StoredConversation[]> {
  const now = new Date();
  const insert = db
    .insertInto('conversations')
    .values(
      items.map((c) => ({
        project_id: c.projectId,
        project_env: c.env,
        deployment_id: c.deploymentId,
        user_id: c.userId,
        token_hash: hashToken(c.token),
        projects: JSON.stringify([c.projectId]),
        last_activity_at: now,
      })),
    )
    .returning(['id', 'project_id', 'project_env', 'user_id', 'started_at', 'token_hash']);
  // The dashboard counts each conversation in the hour it started: the database's now(), like started_at.
  const rollup = emptyRollup();
  addStart(rollup, null);
  const { rows } = await withRollup<{
    id: number;
    token_hash: string;
    project_id: number;
    project_env: string;
    user_id: number | null;
  }>(insert, rollup, sql`id, token_hash, project_id, project_env, user_id`).execute(db);
  // Rows come back by what they hold, not by position: two openings of one batch may even share a token.
  const unused = [...rows];
  return items.map((c) => {
    const hash = hashToken(c.token);
    const at = unused.findIndex(
      (r) => r.token_hash === hash && r.project_id === c.projectId && r.project_env === c.env && r.user_id === c.userId,
    );
    if (at < 0) throw new Error('a new conversation did not come back from its insert');
    const [row] = unused.splice(at, 1) as [(typeof rows)[number]];
    const state: ConversationState = {
      variables: {},
      scopeId: null,
      projects: [c.projectId],
      timers: {},
      ended: false,
    };
    return {
      id: Number(row.id),
      projectId: c.projectId,
      env: c.env,
      tracker: [],
      lastTs: 0,
      state,
      version: 0,
      busy: false,
    };
  });
}

export const conversationBusy = () =>
  new DomainError('conflict', 'The conversation is busy with another message; try again.');

/** Marks a conversation busy (a turn runs) without other changes. */
export async function markBusy(db: Db, id: number, version: number, seconds: number): Promise<number> {
  const row = await db
    .updateTable('conversations')
    .set({ busy_until: sql`now() + make_interval(secs => ${seconds})`, version: sql`version + 1` })
    .where('id', '=', id)
    .where('version', '=', version)
    .returning('version')
    .executeTakeFirst();
  if (!row) throw conversationBusy();
  return row.version;
}

/** Labels of a conversation (already checked against the project's labels). */
export async function storeConversationLabels(trx: Db, id: number, labels: string[]): Promise<void> {
  await trx
    .updateTable('conversations')
    .set({ labels: JSON.stringify(labels) })
    .where('id', '=', id)
    .execute();
}

/** A campaign call's conversation is a voice conversation. */
export async function setConversationChannel(db: Db, id: number, channel: 'voice'): Promise<void> {
  await db.updateTable('conversations').set({ channel }).where('id', '=', id).execute();
}

/** A generated conversation (the demo history, benchmarks' histories): its row and its whole transcript. */
export type GeneratedConversation = Insertable<ConversationsTable> & { tracker: TrackerEntry[] };

/**
 * Generated conversations, 500 per statement: each one's transcript is its first row of entries (seq 0). Returns
 * the new conversations' ids, in order.
 */
export async function insertConversationRows(db: Db, conversations: GeneratedConversation[]): Promise<number[]> {
  const all: number[] = [];
  for (let i = 0; i < conversations.length; i += 500) {
    const part = conversations.slice(i, i + 500);
    const ids = await db
      .insertInto('conversations')
      .values(part.map(({ tracker: _, ...row }) => row) as never)
      .returning('id')
      .execute();
    all.push(...ids.map((r) => Number(r.id)));
    const entries = part.flatMap((c, n) =>
      c.tracker.length
        ? [
            {
              conversation_id: ids[n]!.id,
              seq: 0,
              last_ts: newestOf(c.tracker),
              entries: JSON.stringify(c.tracker),
            },
          ]
        : [],
    );
    if (entries.length) await db.insertInto('conversation_entries').values(entries).execute();
  }
  return all;
}

/** What one turn (or an append outside a turn) stores in its conversation. */
export interface ConversationWrite {
  id: number;
  /** The version read: the write happens only if nobody wrote the conversation since (another process). */
  version: number;
  entries: TrackerEntry[];
  state: ConversationState;
  /** > 0: the conversation stays busy this long (a turn waits for a webhook). */
  busySeconds: number;
  /** Phrases below the threshold, counted with the write (so only when it is stored). */
  unclassified?: readonly string[];
  /** pg_notify the chat bus's channel at commit (PostgreSQL's bus; in process the bus emits after the write). */
  notify: boolean;
}

/** The batch as one JSON document: the statement's text never changes, whatever the batch holds. */
function documentOf(writes: readonly ConversationWrite[]): string {
  const conversations = [];
  const rollup = emptyBatchRollupRows();
  const unclassified: { id: number; phrase: string; key: string }[] = [];
  for (const c of writes) {
    const userTexts: string[] = [];
    const botTexts: string[] = [];
    for (const e of c.entries) {
      if (e.type === 'utter') (e.args.who === 'user' ? userTexts : botTexts).push(e.value ?? '');
    }
    const searchable = [...userTexts, ...botTexts].join('\n').slice(0, 4000);
    conversations.push({
      id: c.id,
      version: c.version,
      entries: c.entries,
      last_ts: c.entries.at(-1)?.timestamp ?? null,
      // The appended row's newest entry (a later read skips the row when it wants only newer ones).
      entries_ts: c.entries.length ? newestOf(c.entries) : null,
      variables: c.state.variables,
      scope_id: c.state.scopeId,
      projects: c.state.projects,
      timers: c.state.timers,
      ended: c.state.ended,
      busy: c.busySeconds,
      messages: userTexts.length,
      preview: userTexts[0] ? userTexts[0].slice(0, 200) : null,
      // Bounded: the transcript itself is the tracker; this is only for the logs' text filter.
      search: searchable ? `\n${searchable}` : null,
      notify: c.notify,
    });
    const r = emptyRollup();
    addEntries(r, c.entries, null);
    addBatchRollupRows(rollup, c.id, r);
    addUnclassifiedRows(unclassified, c.id, c.unclassified ?? []);
  }
  return JSON.stringify({ conversations, ...rollup, unclassified });
}

/**
 * The batch's statement (issue 15, group commit): every conversation of the batch updated by compare-and-set on its
 * version, its new tracker entries appended as one row of conversation_entries under its new version (issue 35: the
 * transcript written so far is neither read nor written again), the dashboard's roll-up summed per row, the
 * fallbacks' phrases counted, and the chat bus's pg_notify (one per batch, its payload the written ids: one
 * notification for N turns)
 * (delivered at commit, so a subscriber never reads before the entries are visible), all in one statement and so
 * one transaction: one parse, one plan and one commit (one WAL flush) for N turns. A conversation whose version
 * moved returns no row and adds nothing to the roll-up. The ids come again as an array: the planner takes any
 * jsonb_to_recordset for 100 rows, so with the document alone it hashed a scan of the whole conversations table (a
 * cost that grew with the table); an array parameter's length is known when the statement is planned, so the
 * primary key is probed per id.
 */
interface WrittenRow {
  id: string | number;
  version: number;
}

const batchStatement = preparedStatement(
  ['doc', 'ids'],
  ({ doc, ids }) => sql<WrittenRow>`
  WITH doc AS (SELECT ${doc}::jsonb AS doc),
  v AS (SELECT v.* FROM doc, jsonb_to_recordset(doc.doc->'conversations') AS v(id bigint, version int, entries jsonb,
    last_ts bigint, entries_ts bigint, variables jsonb, scope_id int, projects jsonb, timers jsonb, ended boolean,
    busy int, messages int, preview text, search text, notify boolean)),
  src AS (
    UPDATE conversations c SET
      last_ts = greatest(c.last_ts, v.last_ts),
      variables = v.variables, scope_id = v.scope_id, projects = v.projects, timers = v.timers, ended = v.ended,
      busy_until = CASE WHEN v.busy > 0 THEN now() + make_interval(secs => v.busy) END,
      last_activity_at = now(),
      messages = c.messages + v.messages,
      preview = CASE WHEN c.preview = '' AND v.preview IS NOT NULL THEN v.preview ELSE c.preview END,
      search_text = CASE WHEN v.search IS NULL THEN c.search_text ELSE right(c.search_text || v.search, 20000) END,
      version = c.version + 1
    FROM v WHERE c.id = ANY(${ids}::bigint[]) AND c.id = v.id AND c.version = v.version
    RETURNING c.id, c.version, c.project_id, c.project_env, c.user_id, c.started_at,
      v.notify, v.entries, v.entries_ts),
  appended AS (
    INSERT INTO conversation_entries (conversation_id, seq, last_ts, entries)
    SELECT id, version, entries_ts, entries FROM src WHERE entries_ts IS NOT NULL),
  ${sql.join([...batchRollupCtes(), unclassifiedBatchCte()])},
  notice AS (SELECT pg_notify(${sql.lit(CHAT_CHANNEL)}, string_agg(id::text, ',')) FROM src WHERE notify HAVING count(*) > 0)
  SELECT id, version FROM src LEFT JOIN notice ON true`,
);

/**
 * Writes a batch of conversations in one statement; answers each one's new version, or null when its version had
 * moved (the caller answers 409). The statement is compiled once per process and prepared once per connection.
 */
export async function writeConversations(db: Db, writes: readonly ConversationWrite[]): Promise<(number | null)[]> {
  const rows = await batchStatement(db, { doc: documentOf(writes), ids: writes.map((w) => w.id) });
  const versions = new Map(rows.map((r) => [Number(r.id), r.version]));
  return writes.map((w) => versions.get(w.id) ?? null);
}

/**
 * The process's group commit of conversation writes (one per app, created with the chat engine): turns that end
 * while a batch is being written go together in the next one. Each answer is sent after its batch has committed.
 * Two writes of one conversation never share a batch: the chat engine runs one turn per conversation at a time.
 */
export const conversationWrites = (db: Db, lingerMs = 0) =>
  new GroupCommit<ConversationWrite, number | null>((writes) => writeConversations(db, writes), {
    maxBatch: 200,
    lingerMs,
  });

/** The process's group commit of new conversations (one per app, with the chat engine): openings that come together. */
export const conversationCreates = (db: Db, lingerMs = 0) =>
  new GroupCommit<NewConversation, StoredConversation>((items) => createConversations(db, items), {
    maxBatch: 200,
    lingerMs,
  });
