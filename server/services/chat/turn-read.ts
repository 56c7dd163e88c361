import { timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import type { TrackerEntry } from '../../../src/api/contract/chat.ts';
import type { ConversationEnv } from '../../../src/api/contract/conversations.ts';
import type { ConversationState } from '../../chat/conversation-state.ts';
import type { Db } from '../../db/database.ts';
import { HttpError, notFound } from '../../http/http-error.ts';
import { type StoredConversation, hashToken } from '../conversations.ts';
import { type BotStamps, botStampColumns, stampsOf } from './bot-source.ts';

/** Who asks for a turn: a caller already known (console session), or the widget's chatbot token, checked here. */
export type TurnCaller =
  | { projectId: number; env: ConversationEnv }
  | { chatbotToken: string; claimedProjectId: number | null; env: ConversationEnv };

export const invalidChatbotToken = () => new HttpError(401, 'Invalid chatbot token.');

/**
 * Everything a chat message needs from the database in one statement (issue 15: one read per message): the
 * chatbot token's project (when the caller is the widget), the conversation with only the tracker entries after
 * the client's `last_ts` (what the answer repeats; the turn itself never needs older ones), and the stamps that
 * tell whether this process's bot is current (`BotStamps`). The answers are those of the separate reads: 401
 * for a token that names no project, one uniform 404 for a conversation that is not the caller's.
 */
export async function readTurn(
  db: Db,
  caller: TurnCaller,
  where: { id: number; token: string; lastTs: number },
): Promise<{ conversation: StoredConversation; stamps: BotStamps }> {
  const byToken = 'chatbotToken' in caller;
  if (byToken && (caller.chatbotToken.length < 16 || caller.chatbotToken.length > 200)) throw invalidChatbotToken();
  const { rows } = await sql<TurnRow>`
    SELECT s.project_id AS settings_project_id, c.id, c.project_id, c.project_env, c.token_hash, c.last_ts,
      c.variables, c.scope_id, c.projects, c.timers, c.ended, c.version,
      coalesce(c.busy_until > now(), false) AS busy,
      (SELECT coalesce(jsonb_agg(e ORDER BY n), '[]'::jsonb)
        FROM jsonb_array_elements(c.tracker) WITH ORDINALITY AS t(e, n)
        WHERE (e->>'timestamp')::bigint > ${where.lastTs}) AS tracker,
      ${botStampColumns(sql`s.project_id`, caller.env)}
    FROM project_settings s
    LEFT JOIN conversations c ON c.id = ${where.id} AND c.project_id = s.project_id
    WHERE ${byToken ? sql`s.chatbot_token = ${caller.chatbotToken}` : sql`s.project_id = ${caller.projectId}`}`.execute(
    db,
  );
  const row = rows[0];
  if (byToken && (!row || (caller.claimedProjectId !== null && caller.claimedProjectId !== row.settings_project_id))) {
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
