import { recordRevision } from '../../history/revisions.ts';
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { StorageFile } from '../../../src/api/contract/storage.ts';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../domain-errors.ts';

/**
 * Project files (spec 1 §2 Storage). Contents sit in `storage_blobs` under their sha256 and rows of
 * `storage_files` name them: the client's file name is a label in a column, never a path on disk.
 * Each upload of a name adds a row with the next version; deleting marks every version deleted.
 */

/** Names compare as Unicode NFC, trimmed: "é" typed two ways is one file. */
export const normalizeFileName = (name: string): string => name.normalize('NFC').trim();

const fileNotFound = () => notFound('File not found.');

function toStorageFile(row: {
  name: string;
  size: number;
  type: string;
  version: number;
  created_at: Date;
  by: string | null;
}): StorageFile {
  return {
    name: row.name,
    size: row.size,
    type: row.type,
    version: row.version,
    updated: new Date(row.created_at).toISOString(),
    by: row.by,
  };
}

/** The live version of every file of a project, by name. */
export async function listFiles(db: Db, projectId: number): Promise<StorageFile[]> {
  const rows = await db
    .selectFrom('storage_files as f')
    .leftJoin('users as u', 'u.id', 'f.user_id')
    .select(['f.name', 'f.size', 'f.type', 'f.version', 'f.created_at', 'u.name as by'])
    .where('f.project_id', '=', projectId)
    .where('f.deleted_at', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('storage_files as newer')
            .select('newer.id')
            .whereRef('newer.project_id', '=', 'f.project_id')
            .whereRef('newer.name', '=', 'f.name')
            .whereRef('newer.version', '>', 'f.version'),
        ),
      ),
    )
    .orderBy('f.name')
    .execute();
  return rows.map(toStorageFile);
}

/** Stores the bytes once (content-addressed) and adds the next version of `name`; one transaction. */
export async function addFileVersion(
  trx: Db,
  file: { projectId: number; name: string; bytes: Uint8Array; type: string; userId: number | null },
): Promise<StorageFile & { sha256: string }> {
  const sha256 = createHash('sha256').update(file.bytes).digest('hex');
  await trx
    .insertInto('storage_blobs')
    .values({ sha256, content: file.bytes })
    .onConflict((oc) => oc.column('sha256').doNothing())
    .execute();
  // The next version is computed inside the insert; the unique key turns a concurrent twin into a retry.
  const row = await trx
    .insertInto('storage_files')
    .columns(['project_id', 'name', 'version', 'size', 'type', 'sha256', 'user_id'])
    .expression(
      trx.selectNoFrom([
        sql<number>`${file.projectId}::integer`.as('project_id'),
        sql<string>`${file.name}::text`.as('name'),
        sql<number>`(SELECT coalesce(max(version), 0) + 1 FROM storage_files WHERE project_id = ${file.projectId} AND name = ${file.name})`.as(
          'version',
        ),
        sql<number>`${file.bytes.length}::integer`.as('size'),
        sql<string>`${file.type}::text`.as('type'),
        sql<string>`${sha256}::text`.as('sha256'),
        sql<number | null>`${file.userId}::integer`.as('user_id'),
      ]),
    )
    .returning(['name', 'size', 'type', 'version', 'created_at'])
    .executeTakeFirstOrThrow();
  const by =
    file.userId === null
      ? null
      : ((await trx.selectFrom('users').select('name').where('id', '=', file.userId).executeTakeFirst())?.name ?? null);
  return { ...toStorageFile({ ...row, by }), sha256 };
}

/** A live file's bytes and type (the latest version unless one is named), or 404. */
export async function readFileContent(
  db: Db,
  projectId: number,
  name: string,
  version?: number,
): Promise<{ name: string; type: string; version: number; content: Uint8Array }> {
  let query = db
    .selectFrom('storage_files as f')
    .innerJoin('storage_blobs as b', 'b.sha256', 'f.sha256')
    .select(['f.name', 'f.type', 'f.version', 'b.content'])
    .where('f.project_id', '=', projectId)
    .where('f.name', '=', name)
    .where('f.deleted_at', 'is', null)
    .orderBy('f.version', 'desc')
    .limit(1);
  if (version !== undefined) query = query.where('f.version', '=', version);
  const row = await query.executeTakeFirst();
  if (!row) throw fileNotFound();
  return { ...row, content: row.content instanceof Uint8Array ? row.content : new Uint8Array(row.content) };
}

/** Marks every version of a live file deleted (the rows stay for the record); 404 when there is none. */
export async function deleteFileVersions(trx: Db, projectId: number, name: string): Promise<number> {
  const rows = await trx
    .updateTable('storage_files')
    .set({ deleted_at: new Date() })
    .where('project_id', '=', projectId)
    .where('name', '=', name)
    .where('deleted_at', 'is', null)
    .returning('version')
    .execute();
  if (rows.length === 0) throw fileNotFound();
  return Math.max(...rows.map((r) => r.version));
}

/** `attachment; filename="ascii"; filename*=UTF-8''…` (RFC 6266): the name is only ever quoted text. */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%;/]/g, '_').slice(0, 150) || 'download';
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** History of a file: its version as stored, or null when it was deleted. */
export function recordFileRevision(
  trx: Db,
  change: { projectId: number; name: string; atime: number; userId: number | null },
  data: object | null,
): Promise<void> {
  return recordRevision(trx, {
    projectId: change.projectId,
    resource: '/storage',
    itemId: change.name,
    time: change.atime,
    userId: change.userId,
    data,
    ...(data === null ? { deleted: true } : {}),
  });
}
