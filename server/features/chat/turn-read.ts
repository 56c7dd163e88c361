import { timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import type { TrackerEntry } from '../../../src/api/contract/chat.ts';
import type { ConversationEnv } from '../../../src/api/contract/conversations.ts';
import type { ConversationState } from '../../chat/conversation-state.ts';
import type { Db } from '../../db/database.ts';
import { GroupCommit } from '../../db/group-commit.ts';
import { preparedStatement } from '../../db/prepared-statements.ts';
import { notFound } from '../../domain-errors.ts';
import { type TurnCaller, invalidChatbotToken } from './chat-caller.ts';
import { type StoredConversation, hashToken } from './conversation-writes.ts';
import { transcriptOf } from './transcript.ts';
import { type BotStamps, botStampColumns, stampsOf } from '../deployments/bot-source.ts';

/** One message's read: who asks, for which conversation, and the entries after which time it wants back. */
interface TurnRead {
  caller: TurnCaller;
  where: { id: number; token: string; lastTs: number };
}

/** The read's statement: its text never changes (the batch is one jsonb parameter), so it is compiled once. */
const readStatement = preparedStatement(
  ['doc'],
  ({ doc }) => sql<TurnRow & { n: number }>`
  WITH q AS (
    SELECT q.*, s.project_id AS settings_project_id
    FROM jsonb_to_recordset(${doc}::jsonb) AS q(n int, token text, project_id int, env text, id bigint, last_ts bigint)
    JOIN project_settings s ON s.project_id = coalesce(q.project_id,
      (SELECT p.project_id FROM project_settings p WHERE p.chatbot_token = q.token))),
  stamps AS (
    SELECT p.project_id, p.env, ${botStampColumns(sql`p.project_id`, sql`p.env`)}
    FROM (SELECT DISTINCT settings_project_id AS project_id, env FROM q) p)
  SELECT q.n, q.settings_project_id, c.id, c.project_id, c.project_env, c.token_hash, c.last_ts,
    c.variables, c.scope_id, c.projects, c.timers, c.ended, c.version,
    coalesce(c.busy_until > now(), false) AS busy,
    ${transcriptOf(sql`c.id`, sql`q.last_ts`)} AS tracker,
    stamps.deployment_id, stamps.atimes, stamps.draft_model, stamps.draft_index
  FROM q
  JOIN stamps ON stamps.project_id = q.settings_project_id AND stamps.env = q.env
  LEFT JOIN conversations c ON c.id = q.id AND c.project_id = q.settings_project_id`,
);

/**
 * Everything chat messages need from the database, for a batch of messages in one statement (issue 15: one read
 * per message, and concurrent messages share it): the chatbot token's project (when the caller is the widget), the
 * conversation with only the tracker entries after the client's `last_ts` (what the answer repeats; the turn itself
 * never needs older ones), and the stamps that tell whether this process's bot is current (`BotStamps`), read once
 * per project and environment of the batch. One row per message that names a project, in the batch's order (`n`).
 */
async function readTurns(db: Db, reads: readonly TurnRead[]): Promise<(TurnRow | undefined)[]> {
  const doc = JSON.stringify(
    reads.map(({ caller, where }, n) => ({
      n,
      token: 'chatbotToken' in caller ? caller.chatbotToken : null,
      project_id: 'chatbotToken' in caller ? null : caller.projectId,
      env: caller.env,
      id: where.id,
      last_ts: where.lastTs,
    })),
  );
  const rows = await readStatement(db, { doc });
  const byRead: (TurnRow | undefined)[] = new Array(reads.length);
  for (const row of rows) byRead[row.n] = row;
  return byRead;
}

/**
 * The chat's reads, batched (server/db/group-commit.ts): messages that arrive while a read is under way share the
 * next one. The answers are those of separate reads: 401 for a token that names no project, one uniform 404 for a
 * conversation that is not the caller's.
 */
export class TurnReads {
  private readonly batches: GroupCommit<TurnRead, TurnRow | undefined>;

  constructor(db: Db, lingerMs = 0) {
    this.batches = new GroupCommit((reads) => readTurns(db, reads), { maxBatch: 200, lingerMs });
  }

  /**
   * What opening a conversation needs (issue 35 item 1): the caller's project (the chatbot token's, checked as a
   * message's is) and the bot's stamps, in the same batched statement as the messages' reads (no conversation yet:
   * id 0 matches none). Opening once read the token, then the stamps twice (four statements each): 11 statements
   * against a message's 2.
   */
  async open(caller: TurnCaller): Promise<{ projectId: number; stamps: BotStamps }> {
    const byToken = 'chatbotToken' in caller;
    if (byToken && (caller.chatbotToken.length < 16 || caller.chatbotToken.length > 200)) throw invalidChatbotToken();
    const row = await this.batches.submit({ caller, where: { id: 0, token: '', lastTs: 0 } });
    if (!row || (byToken && caller.claimedProjectId !== null && caller.claimedProjectId !== row.settings_project_id)) {
      throw byToken ? invalidChatbotToken() : notFound('Project not found.');
    }
    return { projectId: row.settings_project_id, stamps: stampsOf(row) };
  }

  async read(
    caller: TurnCaller,
    where: { id: number; token: string; lastTs: number },
  ): Promise<{ conversation: StoredConversation; stamps: BotStamps }> {
    const byToken = 'chatbotToken' in caller;
    if (byToken && (caller.chatbotToken.length < 16 || caller.chatbotToken.length > 200)) throw invalidChatbotToken();
    const row = await this.batches.submit({ caller, where });
    if (
      byToken &&
      (!row || (caller.claimedProjectId !== null && caller.claimedProjectId !== row.settings_project_id))
    ) {
      throw invalidChatbotToken();
    }
    const given = Buffer.from(hashToken(where.token));
    if (!row?.id || row.project_env !== caller.env || !timingSafeEqual(given, Buffer.from(row.token_hash))) {
      throw notFound('Conversation not found.');
    }
    const state: ConversationState = {
      variables: row.variables,
      scopeId: row.scope_id,
      projects: row.projects,
      timers: row.timers,
      ended: row.ended,
    };
    return {
      conversation: {
        id: Number(row.id),
        projectId: row.project_id,
        env: row.project_env,
        tracker: row.tracker,
        lastTs: row.last_ts,
        state,
        version: row.version,
        busy: row.busy,
      },
      stamps: stampsOf(row),
    };
  }
}

interface TurnRow {
  settings_project_id: number;
  id: number | null;
  project_id: number;
  project_env: ConversationEnv;
  token_hash: string;
  last_ts: number;
  variables: Record<string, unknown>;
  scope_id: number | null;
  projects: number[];
  timers: Record<string, number>;
  ended: boolean;
  version: number;
  busy: boolean;
  tracker: TrackerEntry[];
  deployment_id: number | null;
  atimes: Record<string, number> | null;
  draft_model: { id: number; version: number } | null;
  draft_index: { id: number; version: number } | null;
}
