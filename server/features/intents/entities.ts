import type { z } from 'zod';
import {
  DUPLICIT_ENTITY_NAME,
  ENTITY_NAME_ASCII,
  ENTITY_NAME_EMPTY,
  ENTITY_NAME_SPACES,
  type Entity,
  type entityBody,
  invalidEntityName,
} from '../../../src/api/contract/entities.ts';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { EntitiesTable } from '../../db/schema.ts';
import { invalidInput, notFound, notPermitted } from '../../domain-errors.ts';
import { type AuditFields, withAuditFields } from '../../history/audit-fields.ts';
import type { WriteScope } from './intents.ts';
import { resourceAt } from '../../history/resource-history.ts';
import { recordRevision } from '../../history/revisions.ts';

export const ENTITIES_RESOURCE = '/entities';
/** System entities' revisions are kept under this project id (the platform, as in the settings service). */
export const SYSTEM_ENTITIES_PROJECT = 0;

/** Where an entity's revisions may sit: its project's history and the platform's (system entities). */
export const entityRevisionProjects = (projectId: number): number[] => [projectId, SYSTEM_ENTITIES_PROJECT];

export type EntityInput = z.output<typeof entityBody>;

type EntityRow = {
  id: number;
  project_id: number | null;
  name: string;
  type: Entity['type'];
  match: Entity['match'];
  occurrence: Entity['occurrence'];
  case_insensitive: boolean;
  values: string;
  is_system: boolean;
};

const columns = [
  'id',
  'project_id',
  'name',
  'type',
  'match',
  'occurrence',
  'case_insensitive',
  'values',
  'is_system',
] as const;

export const entityView = (r: EntityRow): Entity => ({
  id: r.id,
  name: r.name,
  type: r.type,
  match: r.match,
  occurrence: r.occurrence,
  case_insensitive: r.case_insensitive,
  values: r.values,
  __is_system__: r.is_system,
});

/** The project's entities and every system entity (shared across projects), by id. */
export async function listEntities(db: Db, projectId: number): Promise<Entity[]> {
  const rows = await db
    .selectFrom('entities')
    .select(columns)
    .where((eb) => eb.or([eb('project_id', '=', projectId), eb('project_id', 'is', null)]))
    .orderBy('id')
    .execute();
  return rows.map(entityView);
}

/** As at `mtime`: the project's revisions and the platform's (system entities). */
export async function entitiesAt(db: Db, projectId: number, mtime: number): Promise<Entity[]> {
  const own = await resourceAt<Entity>(db, projectId, ENTITIES_RESOURCE, mtime);
  const system = await resourceAt<Entity>(db, SYSTEM_ENTITIES_PROJECT, ENTITIES_RESOURCE, mtime);
  return [...own, ...system].map((i) => i.data).sort((a, b) => a.id - b.id);
}

/** What GET /entities answers: the entities now (or at `mtime`), each with its version and author. */
export async function auditedEntities(db: Db, projectId: number, mtime?: number): Promise<(Entity & AuditFields)[]> {
  const list = mtime === undefined ? await listEntities(db, projectId) : await entitiesAt(db, projectId, mtime);
  // Entity ids are unique across projects, so one map serves both histories.
  return withAuditFields(db, entityRevisionProjects(projectId), ENTITIES_RESOURCE, list, mtime);
}

/**
 * The name rules of spec 2 §5, in the screen's order; then, on saving, anything outside printable ASCII
 * or holding '.', '$' or ',' is refused with a message naming the entity.
 */
export function checkEntityName(raw: string): string {
  const name = raw.trim();
  if (!name) throw invalidInput(ENTITY_NAME_EMPTY);
  if (/\s/.test(name)) throw invalidInput(ENTITY_NAME_SPACES);
  if (!/^[\x21-\x7e]+$/.test(name)) throw invalidInput(ENTITY_NAME_ASCII);
  if (/[.$,]/.test(name)) throw invalidInput(invalidEntityName(name));
  return name;
}

async function recordEntity(
  trx: Db,
  scope: WriteScope,
  row: EntityRow | null,
  id: number,
  formerOwner?: number | null,
): Promise<void> {
  const owner = (projectId: number | null) => (projectId === null ? SYSTEM_ENTITIES_PROJECT : projectId);
  const base = { userId: scope.userId, time: scope.atime, resource: ENTITIES_RESOURCE, itemId: id };
  // An entity that changes hands (system <-> project) leaves the old owner's history as a deletion.
  if (formerOwner !== undefined && (row === null || owner(formerOwner) !== owner(row.project_id))) {
    await recordRevision(trx, { ...base, projectId: owner(formerOwner), data: null, deleted: true });
  }
  if (row) await recordRevision(trx, { ...base, projectId: owner(row.project_id), data: entityView(row) });
}

/**
 * insertEntity (id -1) and updateEntity. Creating, changing or deleting a system entity, and marking one,
 * needs `canEditSystem` (PUT /system/entities/{id}); unmarking gives the entity to the caller's project.
 */
export async function saveEntity(
  trx: Db,
  scope: WriteScope,
  id: number,
  input: EntityInput,
  canEditSystem: boolean,
): Promise<number> {
  const name = checkEntityName(input.name);
  const current =
    id === -1
      ? undefined
      : await trx
          .selectFrom('entities')
          .select(columns)
          .where('id', '=', id)
          .where((eb) => eb.or([eb('project_id', '=', scope.projectId), eb('project_id', 'is', null)]))
          .executeTakeFirst();
  if (id !== -1 && !current) throw notFound('Entity not found.');
  if ((current?.is_system || input.__is_system__) && !canEditSystem) throw notPermitted();
  const clash = await trx
    .selectFrom('entities')
    .select('id')
    .where('name', '=', name)
    // A system entity shows in every project, so its name must be free in all of them.
    .$if(!input.__is_system__, (q) =>
      q.where((eb) => eb.or([eb('project_id', '=', scope.projectId), eb('project_id', 'is', null)])),
    )
    .$if(current !== undefined, (q) => q.where('id', '!=', id))
    .executeTakeFirst();
  if (clash) throw invalidInput(DUPLICIT_ENTITY_NAME);
  const values = {
    project_id: input.__is_system__ ? null : scope.projectId,
    name,
    type: input.type,
    match: input.match,
    occurrence: input.occurrence,
    case_insensitive: input.case_insensitive,
    values: input.type === 'number' ? '' : input.values,
    is_system: input.__is_system__,
  };
  if (!current) {
    const row = await trx.insertInto('entities').values(values).returning(columns).executeTakeFirstOrThrow();
    await recordEntity(trx, scope, row, row.id);
    return row.id;
  }
  const row = await trx
    .updateTable('entities')
    .set(values)
    .where('id', '=', id)
    .returning(columns)
    .executeTakeFirstOrThrow();
  await recordEntity(trx, scope, row, id, current.project_id);
  return id;
}

export async function deleteEntity(trx: Db, scope: WriteScope, id: number, canEditSystem: boolean): Promise<string> {
  const current = await trx
    .selectFrom('entities')
    .select(columns)
    .where('id', '=', id)
    .where((eb) => eb.or([eb('project_id', '=', scope.projectId), eb('project_id', 'is', null)]))
    .executeTakeFirst();
  if (!current) throw notFound('Entity not found.');
  if (current.is_system && !canEditSystem) throw notPermitted();
  await trx.deleteFrom('entities').where('id', '=', id).execute();
  await recordEntity(trx, scope, null, id, current.project_id);
  return current.name;
}

/** Project clone: the source's entities. */
export async function copyEntities(trx: Db, fromProject: number, toProject: number): Promise<void> {
  const entities = await trx
    .selectFrom('entities')
    .select(['name', 'type', 'match', 'occurrence', 'case_insensitive', 'values', 'is_system'])
    .where('project_id', '=', fromProject)
    .orderBy('id')
    .execute();
  if (entities.length)
    await trx
      .insertInto('entities')
      .values(entities.map((e) => ({ ...e, project_id: toProject })))
      .execute();
}

/** A new entity's row, without revision (the demo language model records its own). */
export function insertEntityRow(trx: Db, values: Insertable<EntitiesTable>): Promise<EntityRow> {
  return trx.insertInto('entities').values(values).returning(columns).executeTakeFirstOrThrow();
}
