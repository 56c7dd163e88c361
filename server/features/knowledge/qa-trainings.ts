import { QA_ENTRY_NOT_FOUND, type QaTraining } from '../../../src/api/contract/qa-trainings.ts';
import type { Db } from '../../db/database.ts';
import { invalidInput, notFound } from '../../domain-errors.ts';
import { type AuditFields, withAuditFields } from '../../history/audit-fields.ts';
import type { WriteScope } from '../intents/intents.ts';
import { resourceAt } from '../../history/resource-history.ts';
import { recordRevision } from '../../history/revisions.ts';

export const QA_TRAININGS_RESOURCE = '/qa-trainings';

/** A revision keeps the question and its entry. */
type QaRevision = Pick<QaTraining, 'id' | 'question' | 'knowledge_id'>;

export interface QaInput {
  question: string;
  knowledge_id: number | null;
}

/** The project's questions by id, each with its entry's title (or link) for display. */
export async function listQaTrainings(db: Db, projectId: number): Promise<QaTraining[]> {
  const rows = await db
    .selectFrom('qa_trainings as q')
    .leftJoin('knowledges as k', 'k.id', 'q.knowledge_id')
    .select(['q.id', 'q.question', 'q.knowledge_id', 'k.title', 'k.link'])
    .where('q.project_id', '=', projectId)
    .orderBy('q.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    question: r.question,
    knowledge_id: r.knowledge_id,
    knowledge_title: r.knowledge_id === null ? null : r.title || r.link || `#${r.knowledge_id}`,
  }));
}

export async function qaTrainingsAt(db: Db, projectId: number, mtime: number): Promise<QaTraining[]> {
  const items = await resourceAt<QaRevision>(db, projectId, QA_TRAININGS_RESOURCE, mtime);
  return items.map(({ data }) => ({ ...data, knowledge_title: null }));
}

export async function auditedQaTrainings(
  db: Db,
  projectId: number,
  mtime?: number,
): Promise<(QaTraining & AuditFields)[]> {
  const list = mtime === undefined ? await listQaTrainings(db, projectId) : await qaTrainingsAt(db, projectId, mtime);
  return withAuditFields(db, projectId, QA_TRAININGS_RESOURCE, list, mtime);
}

/** The entry must be the project's own (an id from another project is refused as unknown). */
async function checkEntry(trx: Db, projectId: number, knowledgeId: number | null): Promise<void> {
  if (knowledgeId === null) return;
  const entry = await trx
    .selectFrom('knowledges')
    .select('id')
    .where('id', '=', knowledgeId)
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  if (!entry) throw invalidInput(QA_ENTRY_NOT_FOUND);
}

async function record(trx: Db, scope: WriteScope, row: QaRevision): Promise<void> {
  await recordRevision(trx, {
    projectId: scope.projectId,
    resource: QA_TRAININGS_RESOURCE,
    itemId: row.id,
    time: scope.atime,
    userId: scope.userId,
    data: { id: row.id, question: row.question, knowledge_id: row.knowledge_id },
  });
}

/** Inserts checked questions (the CSV import's rows are checked before, all at once). */
export async function insertQaTrainings(trx: Db, scope: WriteScope, inputs: QaInput[]): Promise<number[]> {
  if (inputs.length === 0) return [];
  const ids: number[] = [];
  // Chunks keep each statement's parameters well within PostgreSQL's limit.
  for (let i = 0; i < inputs.length; i += 1000) {
    const rows = await trx
      .insertInto('qa_trainings')
      .values(inputs.slice(i, i + 1000).map((q) => ({ project_id: scope.projectId, ...q })))
      .returning(['id', 'question', 'knowledge_id'])
      .execute();
    for (const row of rows) {
      await record(trx, scope, row);
      ids.push(row.id);
    }
  }
  return ids;
}

/** PUT /qa-trainings/{id} (-1 creates). */
export async function saveQaTraining(trx: Db, scope: WriteScope, id: number, input: QaInput): Promise<number> {
  await checkEntry(trx, scope.projectId, input.knowledge_id);
  if (id === -1) return (await insertQaTrainings(trx, scope, [input]))[0]!;
  const row = await trx
    .updateTable('qa_trainings')
    .set({ question: input.question, knowledge_id: input.knowledge_id })
    .where('id', '=', id)
    .where('project_id', '=', scope.projectId)
    .returning(['id', 'question', 'knowledge_id'])
    .executeTakeFirst();
  if (!row) throw notFound('Question not found');
  await record(trx, scope, row);
  return id;
}

export async function deleteQaTraining(trx: Db, scope: WriteScope, id: number): Promise<void> {
  const row = await trx
    .deleteFrom('qa_trainings')
    .where('id', '=', id)
    .where('project_id', '=', scope.projectId)
    .returning('id')
    .executeTakeFirst();
  if (!row) throw notFound('Question not found');
  await recordRevision(trx, {
    projectId: scope.projectId,
    resource: QA_TRAININGS_RESOURCE,
    itemId: id,
    time: scope.atime,
    userId: scope.userId,
    data: null,
    deleted: true,
  });
}

/** Project clone: the source's QA questions, tied to the clone's entries through `knowledgeIds`. */
export async function copyQaTrainings(
  trx: Db,
  fromProject: number,
  toProject: number,
  knowledgeIds: Map<number, number>,
): Promise<void> {
  const questions = await trx
    .selectFrom('qa_trainings')
    .select(['question', 'knowledge_id'])
    .where('project_id', '=', fromProject)
    .orderBy('id')
    .execute();
  if (questions.length)
    await trx
      .insertInto('qa_trainings')
      .values(
        questions.map((q) => ({
          project_id: toProject,
          question: q.question,
          knowledge_id: q.knowledge_id === null ? null : (knowledgeIds.get(q.knowledge_id) ?? null),
        })),
      )
      .execute();
}

/** The QA questions tied to a knowledge entry that is being deleted; answers their ids. */
export function deleteQuestionsOfEntry(trx: Db, projectId: number, knowledgeId: number) {
  return trx
    .deleteFrom('qa_trainings')
    .where('knowledge_id', '=', knowledgeId)
    .where('project_id', '=', projectId)
    .returning('id')
    .execute();
}
