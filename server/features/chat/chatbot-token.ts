import type { Db } from '../../db/database.ts';

/**
 * The project a chatbot token belongs to (the widget's credential; settings `chatbot_token`, renewed by
 * PUT /project/api-token), or null. Tokens are 192 random bits, so a lookup by value leaks nothing useful.
 */
export async function projectOfChatbotToken(db: Db, token: string): Promise<number | null> {
  if (token.length < 16 || token.length > 200) return null;
  const row = await db
    .selectFrom('project_settings')
    .select('project_id')
    .where('chatbot_token', '=', token)
    .executeTakeFirst();
  return row?.project_id ?? null;
}
