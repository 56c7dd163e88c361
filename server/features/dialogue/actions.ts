import { type ProjectAction, type ProjectActionInput, projectAction } from '../../../src/api/contract/actions.ts';
import { isBuiltinAction } from '../../chat/builtin-actions.ts';
import type { Db } from '../../db/database.ts';
import { invalidInput, notFound } from '../../domain-errors.ts';
import { type AuditFields, withAuditFields } from '../../history/audit-fields.ts';
import type { WriteScope } from '../intents/intents.ts';
import { resourceAt } from '../../history/resource-history.ts';
import { recordRevision } from '../../history/revisions.ts';
import { listReactions } from './reactions.ts';

export const ACTIONS_RESOURCE = '/actions';

const columns = ['id', 'name', 'type', 'url', 'method', 'headers', 'timeout_ms'] as const;

export async function listProjectActions(db: Db, projectId: number): Promise<ProjectAction[]> {
  return db.selectFrom('project_actions').select(columns).where('project_id', '=', projectId).orderBy('id').execute();
}

export async function projectActionsAt(db: Db, projectId: number, mtime: number): Promise<ProjectAction[]> {
  return (await resourceAt<ProjectAction>(db, projectId, ACTIONS_RESOURCE, mtime)).map((i) => i.data);
}

/** What GET /actions answers: the project actions now (or at `mtime`), each with its version and author. */
export async function auditedProjectActions(
  db: Db,
  projectId: number,
  mtime?: number,
): Promise<(ProjectAction & AuditFields)[]> {
  const list =
    mtime === undefined ? await listProjectActions(db, projectId) : await projectActionsAt(db, projectId, mtime);
  return withAuditFields(db, projectId, ACTIONS_RESOURCE, list, mtime);
}

/** updateActions: the whole list of webhook actions; one a reaction still names cannot be deleted or renamed away. */
export async function replaceProjectActions(
  trx: Db,
  scope: WriteScope,
  input: ProjectActionInput[],
): Promise<(ProjectAction & AuditFields)[]> {
  const list = input.map((a) => projectAction.extend({ id: projectAction.shape.id.optional() }).parse(a));
  const names = new Set<string>();
  for (const a of list) {
    if (isBuiltinAction(a.name)) throw invalidInput(`Action ${a.name}: the name belongs to a built-in action.`);
    if (names.has(a.name)) throw invalidInput(`Duplicit action name ${a.name}.`);
    names.add(a.name);
  }
  const stored = await listProjectActions(trx, scope.projectId);
  const storedById = new Map(stored.map((a) => [a.id, a]));
  for (const a of list)
    if (a.id !== undefined && a.id > 0 && !storedById.has(a.id)) throw notFound(`Action ${a.name} not found.`);
  const reactions = await listReactions(trx, scope.projectId);
  for (const old of stored) {
    if (names.has(old.name)) continue;
    const user = reactions.find((r) =>
      r.actions.some((s) => s.name === old.name || (s.name === 'webhook' && s.args.action === old.name)),
    );
    if (user) throw invalidInput(`Action ${old.name} is used by reaction ${user.name}.`);
  }
  const rev = { projectId: scope.projectId, resource: ACTIONS_RESOURCE, time: scope.atime, userId: scope.userId };
  const kept = new Set(list.map((a) => a.id).filter((id): id is number => id !== undefined && id > 0));
  for (const old of stored) {
    if (kept.has(old.id)) continue;
    await trx.deleteFrom('project_actions').where('id', '=', old.id).execute();
    await recordRevision(trx, { ...rev, itemId: old.id, data: null, deleted: true });
  }
  for (const id of kept)
    await trx
      .updateTable('project_actions')
      .set({ name: `\u0001action-${id}` })
      .where('id', '=', id)
      .execute();
  for (const a of list) {
    const { id: _id, ...fields } = a;
    const row = { ...fields, headers: JSON.stringify(fields.headers) };
    if (a.id !== undefined && a.id > 0) {
      await trx
        .updateTable('project_actions')
        .set(row)
        .where('id', '=', a.id)
        .where('project_id', '=', scope.projectId)
        .execute();
      if (JSON.stringify(storedById.get(a.id)) !== JSON.stringify({ id: a.id, ...fields })) {
        await recordRevision(trx, { ...rev, itemId: a.id, data: { id: a.id, ...fields } });
      }
    } else {
      const { id } = await trx
        .insertInto('project_actions')
        .values({ project_id: scope.projectId, ...row })
        .returning('id')
        .executeTakeFirstOrThrow();
      await recordRevision(trx, { ...rev, itemId: id, data: { id, ...fields } });
    }
  }
  return auditedProjectActions(trx, scope.projectId);
}

/** Whether the action is one of the project's (a stored action's test call checks it first). */
export async function projectHasAction(db: Db, projectId: number, id: number): Promise<boolean> {
  const stored = await db
    .selectFrom('project_actions')
    .select('id')
    .where('id', '=', id)
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  return stored !== undefined;
}

/** Project clone: the source's project actions. */
export async function copyProjectActions(trx: Db, fromProject: number, toProject: number): Promise<void> {
  const actions = await trx
    .selectFrom('project_actions')
    .select(['name', 'type', 'url', 'method', 'headers', 'timeout_ms'])
    .where('project_id', '=', fromProject)
    .orderBy('id')
    .execute();
  if (actions.length)
    await trx
      .insertInto('project_actions')
      .values(actions.map((a) => ({ ...a, project_id: toProject, headers: JSON.stringify(a.headers) })))
      .execute();
}
