import { DUPLICIT_LABEL, LABEL_NOT_FOUND, type Label } from '../../../src/api/contract/labels.ts';
import type { Db } from '../../db/database.ts';
import { invalidInput, notFound } from '../../domain-errors.ts';
import { resourceAt } from '../../history/resource-history.ts';
import { recordRevision } from '../../history/revisions.ts';

export const LABELS_RESOURCE = '/labels';

/** Who changes labels, when (the write's atime) and in which project. */
interface LabelWrite {
  projectId: number;
  atime: number;
  userId: number | null;
}

async function assertUniqueName(trx: Db, projectId: number, name: string, exceptId: number): Promise<void> {
  const clash = await trx
    .selectFrom('labels')
    .select('id')
    .where('project_id', '=', projectId)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
    .where('id', '<>', exceptId)
    .executeTakeFirst();
  if (clash) throw invalidInput(DUPLICIT_LABEL);
}

/** The project's labels now, or as they were at `mtime` (History). */
export async function listLabels(db: Db, projectId: number, mtime?: number): Promise<Label[]> {
  if (mtime !== undefined) return (await resourceAt<Label>(db, projectId, LABELS_RESOURCE, mtime)).map((i) => i.data);
  return db
    .selectFrom('labels')
    .select(['id', 'name', 'color'])
    .where('project_id', '=', projectId)
    .orderBy('id')
    .execute();
}

/** Creates (id -1) or updates a label, names unique in the project whatever their case; records the revision. */
export async function saveLabel(
  trx: Db,
  write: LabelWrite,
  id: number,
  body: { name: string; color: string },
): Promise<{ id: number }> {
  await assertUniqueName(trx, write.projectId, body.name, id);
  let savedId = id;
  if (id === -1) {
    ({ id: savedId } = await trx
      .insertInto('labels')
      .values({ project_id: write.projectId, name: body.name, color: body.color })
      .returning('id')
      .executeTakeFirstOrThrow());
  } else {
    const updated = await trx
      .updateTable('labels')
      .set({ name: body.name, color: body.color })
      .where('id', '=', id)
      .where('project_id', '=', write.projectId)
      .returning('id')
      .executeTakeFirst();
    if (!updated) throw notFound(LABEL_NOT_FOUND);
  }
  await recordRevision(trx, {
    projectId: write.projectId,
    resource: LABELS_RESOURCE,
    itemId: savedId,
    time: write.atime,
    userId: write.userId,
    data: { id: savedId, ...body },
  });
  return { id: savedId };
}

/** The label's name, or 404 outside the project. */
export async function labelName(db: Db, projectId: number, id: number): Promise<string> {
  const existing = await db
    .selectFrom('labels')
    .select('name')
    .where('id', '=', id)
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  if (!existing) throw notFound(LABEL_NOT_FOUND);
  return existing.name;
}

/** Deletes a label of the project and records the deletion for History and the audit. */
export async function deleteLabel(trx: Db, write: LabelWrite, id: number): Promise<void> {
  const gone = await trx
    .deleteFrom('labels')
    .where('id', '=', id)
    .where('project_id', '=', write.projectId)
    .returning('id')
    .executeTakeFirst();
  if (!gone) throw notFound(LABEL_NOT_FOUND);
  await recordRevision(trx, {
    projectId: write.projectId,
    resource: LABELS_RESOURCE,
    itemId: id,
    time: write.atime,
    userId: write.userId,
    data: null,
    deleted: true,
  });
}

/** A label as given, unchecked and without revision (the demo history's label). */
export async function insertLabelRow(trx: Db, row: { project_id: number; name: string; color: string }): Promise<void> {
  await trx.insertInto('labels').values(row).execute();
}
