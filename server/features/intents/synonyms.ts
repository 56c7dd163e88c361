import {
  DUPLICIT_SYNONYM_NAME,
  SYNONYM_NAME_EMPTY,
  SYNONYM_NAME_SPACES,
  type Synonym,
} from '../../../src/api/contract/synonyms.ts';
import type { Db } from '../../db/database.ts';
import { invalidInput } from '../../domain-errors.ts';
import type { WriteScope } from './intents.ts';
import { resourceAt } from '../../history/resource-history.ts';
import { recordRevision } from '../../history/revisions.ts';

export const SYNONYMS_RESOURCE = '/synonyms';

export type StoredSynonym = Synonym & { id: number };

export async function listSynonyms(db: Db, projectId: number): Promise<StoredSynonym[]> {
  const rows = await db
    .selectFrom('synonyms')
    .select(['id', 'name', 'values'])
    .where('project_id', '=', projectId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, values: r.values }));
}

export async function synonymsAt(db: Db, projectId: number, mtime: number): Promise<StoredSynonym[]> {
  return (await resourceAt<StoredSynonym>(db, projectId, SYNONYMS_RESOURCE, mtime)).map((i) => i.data);
}

/** Names as the panel checks them (spec 2 §5); values trimmed, empty and repeated ones dropped. */
export function validateSynonyms(list: Synonym[]): Synonym[] {
  const names = new Set<string>();
  return list.map((s) => {
    const name = s.name.trim();
    if (!name) throw invalidInput(SYNONYM_NAME_EMPTY);
    if (/\s/.test(name)) throw invalidInput(SYNONYM_NAME_SPACES);
    if (names.has(name)) throw invalidInput(`${DUPLICIT_SYNONYM_NAME}: "${name}"`);
    names.add(name);
    const values = [...new Set(s.values.map((v) => v.trim()).filter(Boolean))];
    return { id: s.id, name, values };
  });
}

/**
 * updateSynonyms: the project's synonyms become exactly `list` (matched by id, else by name); a revision
 * per synonym created, changed or deleted.
 */
export async function saveSynonyms(trx: Db, scope: WriteScope, list: Synonym[]): Promise<void> {
  const wanted = validateSynonyms(list);
  const existing = await listSynonyms(trx, scope.projectId);
  const byId = new Map(existing.map((s) => [s.id, s]));
  const byName = new Map(existing.map((s) => [s.name, s]));
  const byIdMatched = new Set(wanted.map((w) => w.id).filter((id) => id !== undefined && byId.has(id)));
  const matched = wanted.map((w) => {
    if (w.id !== undefined) return byId.get(w.id);
    const sameName = byName.get(w.name);
    return sameName && !byIdMatched.has(sameName.id) ? sameName : undefined;
  });
  const kept = new Set(matched.filter((m) => m !== undefined).map((m) => m.id));
  const time = { projectId: scope.projectId, userId: scope.userId, time: scope.atime, resource: SYNONYMS_RESOURCE };
  for (const old of existing) {
    if (kept.has(old.id)) continue;
    await trx.deleteFrom('synonyms').where('id', '=', old.id).execute();
    await recordRevision(trx, { ...time, itemId: old.id, data: null, deleted: true });
  }
  // Renames may swap names: park the renamed ones first.
  for (const [i, w] of wanted.entries()) {
    const old = matched[i];
    if (old && old.name !== w.name)
      await trx
        .updateTable('synonyms')
        .set({ name: `\u0001rename-${old.id}` })
        .where('id', '=', old.id)
        .execute();
  }
  for (const [i, w] of wanted.entries()) {
    const old = matched[i];
    if (!old) {
      const { id } = await trx
        .insertInto('synonyms')
        .values({ project_id: scope.projectId, name: w.name, values: JSON.stringify(w.values) })
        .returning('id')
        .executeTakeFirstOrThrow();
      await recordRevision(trx, { ...time, itemId: id, data: { id, name: w.name, values: w.values } });
      continue;
    }
    if (old.name === w.name && JSON.stringify(old.values) === JSON.stringify(w.values)) continue;
    await trx
      .updateTable('synonyms')
      .set({ name: w.name, values: JSON.stringify(w.values) })
      .where('id', '=', old.id)
      .execute();
    await recordRevision(trx, { ...time, itemId: old.id, data: { id: old.id, name: w.name, values: w.values } });
  }
}

/** Project clone: the source's synonyms. */
export async function copySynonyms(trx: Db, fromProject: number, toProject: number): Promise<void> {
  const synonyms = await trx
    .selectFrom('synonyms')
    .select(['name', 'values'])
    .where('project_id', '=', fromProject)
    .orderBy('id')
    .execute();
  if (synonyms.length)
    await trx
      .insertInto('synonyms')
      .values(synonyms.map((s) => ({ project_id: toProject, name: s.name, values: JSON.stringify(s.values) })))
      .execute();
}

/** A new synonym's row, without revision (the demo language model records its own); answers its id. */
export async function insertSynonymRow(trx: Db, projectId: number, synonym: Synonym): Promise<number> {
  const { id } = await trx
    .insertInto('synonyms')
    .values({ project_id: projectId, name: synonym.name, values: JSON.stringify(synonym.values) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}
