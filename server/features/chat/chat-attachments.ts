import type { Db } from '../../db/database.ts';

export interface AttachmentFile {
  name: string;
  mime: string;
  content: Buffer;
}

/** Stores files a chat user sent in a conversation; answers what the tracker records of each. */
export async function storeAttachments(
  db: Db,
  projectId: number,
  conversationId: number,
  files: AttachmentFile[],
): Promise<{ id: number; name: string; mime: string; size: number }[]> {
  const stored: { id: number; name: string; mime: string; size: number }[] = [];
  for (const f of files) {
    const row = await db
      .insertInto('chat_attachments')
      .values({
        project_id: projectId,
        conversation_id: conversationId,
        name: f.name,
        mime: f.mime,
        size: f.content.length,
        content: f.content,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    stored.push({ id: row.id, name: f.name, mime: f.mime, size: f.content.length });
  }
  return stored;
}

/** One attachment of a conversation of the project, or undefined. */
export function findAttachment(db: Db, projectId: number, conversationId: number, id: number) {
  return db
    .selectFrom('chat_attachments')
    .select(['name', 'mime', 'content'])
    .where('id', '=', id)
    .where('conversation_id', '=', conversationId)
    .where('project_id', '=', projectId)
    .executeTakeFirst();
}
