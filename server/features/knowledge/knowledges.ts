import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import {
  KNOWLEDGE_EMPTY,
  KNOWLEDGE_MAX_CHARS,
  KNOWLEDGE_NOT_FOUND,
  KNOWLEDGE_TOO_LONG,
  type Knowledge,
  type KnowledgeSource,
} from '../../../src/api/contract/knowledges.ts';
import type { Db } from '../../db/database.ts';
import { invalidInput, notFound } from '../../domain-errors.ts';
import { claimAtime } from '../../history/atime.ts';
import { type AuditFields, withAuditFields } from '../../history/audit-fields.ts';
import type { WriteScope } from '../intents/intents.ts';
import { QA_TRAININGS_RESOURCE, deleteQuestionsOfEntry } from './qa-trainings.ts';
import { resourceAt } from '../../history/resource-history.ts';
import { recordRevision } from '../../history/revisions.ts';

export const KNOWLEDGES_RESOURCE = '/knowledges';

/** What a revision of an entry keeps: its configuration, not its index bookkeeping. */
export type KnowledgeRevision = Pick<Knowledge, 'id' | 'link' | 'title' | 'knowledge' | 'source' | 'file'>;

export interface KnowledgeInput {
  link: string;
  title: string;
  knowledge: string;
}

type KnowledgeRow = {
  id: number;
  link: string;
  title: string;
  knowledge: string;
  source: KnowledgeSource;
  file: string | null;
  indexed_hash: string | null;
  indexed_at: Date | null;
  index_error: string | null;
};

const columns = [
  'id',
  'link',
  'title',
  'knowledge',
  'source',
  'file',
  'indexed_hash',
  'indexed_at',
  'index_error',
] as const;

/** What the index holds of an entry: a change to any of these makes it pending. */
export const entryHash = (e: { link: string; title: string; knowledge: string }): string =>
  createHash('sha256')
    .update(JSON.stringify([e.link, e.title, e.knowledge]))
    .digest('hex');

/** The configuration of an entry, as history keeps it (the view adds the index fields to it). */
const revisionOf = (r: KnowledgeRow): KnowledgeRevision => ({
  id: r.id,
  link: r.link,
  title: r.title,
  knowledge: r.knowledge,
  source: r.source,
  file: r.file,
});

export const knowledgeView = (r: KnowledgeRow): Knowledge => ({
  ...revisionOf(r),
  indexed_at: r.indexed_at ? new Date(r.indexed_at).toISOString() : null,
  index_status: r.index_error ? 'failed' : r.indexed_hash === entryHash(r) ? 'indexed' : 'pending',
  index_error: r.index_error,
});

/** The rows as they are, by id (the reindex job reads them too). */
export async function knowledgeRows(db: Db, projectId: number): Promise<KnowledgeRow[]> {
  return db.selectFrom('knowledges').select(columns).where('project_id', '=', projectId).orderBy('id').execute();
}

export async function listKnowledges(db: Db, projectId: number): Promise<Knowledge[]> {
  return (await knowledgeRows(db, projectId)).map(knowledgeView);
}

/** As at `mtime` (History): the revisions' configuration; index fields are not part of history. */
export async function knowledgesAt(db: Db, projectId: number, mtime: number): Promise<Knowledge[]> {
  const items = await resourceAt<KnowledgeRevision>(db, projectId, KNOWLEDGES_RESOURCE, mtime);
  return items.map(({ data }) => ({
    ...data,
    file: data.file ?? null,
    indexed_at: null,
    index_status: 'pending' as const,
    index_error: null,
  }));
}

/** GET /knowledges: the entries now (or at `mtime`), each with its version and author. */
export async function auditedKnowledges(
  db: Db,
  projectId: number,
  mtime?: number,
): Promise<(Knowledge & AuditFields)[]> {
  const list = mtime === undefined ? await listKnowledges(db, projectId) : await knowledgesAt(db, projectId, mtime);
  return withAuditFields(db, projectId, KNOWLEDGES_RESOURCE, list, mtime);
}

/** The server's own check of an entry's text (the contract checks too; imports come here directly). */
export function checkKnowledgeText(text: string): string {
  const knowledge = text.replaceAll('\u0000', '').trim();
  if (!knowledge) throw invalidInput(KNOWLEDGE_EMPTY);
  if (knowledge.length > KNOWLEDGE_MAX_CHARS) throw invalidInput(KNOWLEDGE_TOO_LONG);
  return knowledge;
}

async function record(trx: Db, scope: WriteScope, row: KnowledgeRow): Promise<void> {
  await recordRevision(trx, {
    projectId: scope.projectId,
    resource: KNOWLEDGES_RESOURCE,
    itemId: row.id,
    time: scope.atime,
    userId: scope.userId,
    data: revisionOf(row),
  });
}

/** A new entry of any source, with its first revision. */
export async function insertKnowledge(
  trx: Db,
  scope: WriteScope,
  input: KnowledgeInput,
  source: KnowledgeSource,
  file: string | null = null,
): Promise<Knowledge> {
  const row = await trx
    .insertInto('knowledges')
    .values({
      project_id: scope.projectId,
      link: input.link,
      title: input.title.slice(0, 500),
      knowledge: checkKnowledgeText(input.knowledge),
      source,
      file,
    })
    .returning(columns)
    .executeTakeFirstOrThrow();
  await record(trx, scope, row);
  return knowledgeView(row);
}

/** PUT /knowledges/{id} (-1 creates a `manual` entry); an update keeps the entry's source. */
export async function saveKnowledge(trx: Db, scope: WriteScope, id: number, input: KnowledgeInput): Promise<number> {
  if (id === -1) return (await insertKnowledge(trx, scope, input, 'manual')).id;
  const row = await trx
    .updateTable('knowledges')
    .set({ link: input.link, title: input.title, knowledge: checkKnowledgeText(input.knowledge) })
    .where('id', '=', id)
    .where('project_id', '=', scope.projectId)
    .returning(columns)
    .executeTakeFirst();
  if (!row) throw notFound(KNOWLEDGE_NOT_FOUND);
  await record(trx, scope, row);
  return id;
}

/** DELETE /knowledges/{id}: the entry and the QA questions tied to it, each deletion in the history. */
export async function deleteKnowledge(trx: Db, scope: WriteScope, id: number): Promise<void> {
  const questions = await deleteQuestionsOfEntry(trx, scope.projectId, id);
  const deleted = await trx
    .deleteFrom('knowledges')
    .where('id', '=', id)
    .where('project_id', '=', scope.projectId)
    .returning('id')
    .executeTakeFirst();
  if (!deleted) throw notFound(KNOWLEDGE_NOT_FOUND);
  const base = { projectId: scope.projectId, time: scope.atime, userId: scope.userId, data: null, deleted: true };
  await recordRevision(trx, { ...base, resource: KNOWLEDGES_RESOURCE, itemId: id });
  for (const q of questions) await recordRevision(trx, { ...base, resource: QA_TRAININGS_RESOURCE, itemId: q.id });
  // The QA list changed too: its atime moves, so a screen holding the old list reloads before saving.
  if (questions.length > 0) await claimAtime(trx, scope.projectId, QA_TRAININGS_RESOURCE, Number.MAX_SAFE_INTEGER);
}

/** Project clone: the source's entries (the clone reindexes to search them); answers their new id by old id. */
export async function copyKnowledges(trx: Db, fromProject: number, toProject: number): Promise<Map<number, number>> {
  const knowledgeIds = new Map<number, number>();
  const entries = await trx
    .selectFrom('knowledges')
    .select(['id', 'link', 'title', 'knowledge', 'source', 'file'])
    .where('project_id', '=', fromProject)
    .orderBy('id')
    .execute();
  for (const { id: from, ...entry } of entries) {
    const row = await trx
      .insertInto('knowledges')
      .values({ ...entry, project_id: toProject })
      .returning('id')
      .executeTakeFirstOrThrow();
    knowledgeIds.set(from, row.id);
  }
  return knowledgeIds;
}

/** An entry indexed with this hash, now; `clearError` also forgets a failed refresh's error. */
export async function markKnowledgeIndexed(trx: Db, id: number, hash: string, clearError: boolean): Promise<void> {
  await trx
    .updateTable('knowledges')
    .set({
      indexed_hash: hash,
      indexed_at: sql`now()`,
      ...(clearError ? { index_error: null } : {}),
    })
    .where('id', '=', id)
    .execute();
}

/** A URL entry whose page could not be read keeps its text and says why. */
export async function setKnowledgeIndexError(db: Db, id: number, error: string): Promise<void> {
  await db.updateTable('knowledges').set({ index_error: error }).where('id', '=', id).execute();
}

/**
 * A URL entry's text as its page now reads, only if nobody edited the entry meanwhile (their text wins over the
 * page's); answers the updated row, or undefined.
 */
export function refreshKnowledgeText(trx: Db, id: number, previous: string, text: string) {
  return trx
    .updateTable('knowledges')
    .set({ knowledge: text, index_error: null })
    .where('id', '=', id)
    .where('knowledge', '=', previous)
    .returning(['id', 'link', 'title', 'knowledge', 'source', 'file'])
    .executeTakeFirst();
}
