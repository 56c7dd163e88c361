import type { Db } from '../../db/database.ts';

/** The project's language (en, cs, ...): the voice of read-aloud. */
export async function runtimeLanguage(db: Db, projectId: number): Promise<string> {
  const row = await db.selectFrom('projects').select('language').where('id', '=', projectId).executeTakeFirst();
  return row?.language ?? 'en';
}
