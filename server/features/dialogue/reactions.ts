import { sql } from 'kysely';
import {
  type ReactionScope,
  type ReactionScopeInput,
  reactionScope,
} from '../../../src/api/contract/reaction-scopes.ts';
import { PSEUDO_INTENTS, type Reaction, type ReactionInput, reaction } from '../../../src/api/contract/reactions.ts';
import { conditionError } from '../../chat/condition.ts';
import { isBuiltinAction } from '../../chat/builtin-actions.ts';
import type { Db } from '../../db/database.ts';
import { invalidInput, notFound } from '../../domain-errors.ts';
import { claimAtime } from '../../history/atime.ts';
import { type AuditFields, withAuditFields } from '../../history/audit-fields.ts';
import { intentRenameHooks, type WriteScope } from '../intents/intents.ts';
import { resourceAt } from '../../history/resource-history.ts';
import { recordRevision } from '../../history/revisions.ts';

export const REACTIONS_RESOURCE = '/reactions';
export const REACTION_SCOPES_RESOURCE = '/reaction-scopes';

const reactionColumns = ['id', 'name', 'condition', 'intents', 'priority', 'reactions_scopes_id', 'actions'] as const;

export async function listReactions(db: Db, projectId: number): Promise<Reaction[]> {
  const rows = await db
    .selectFrom('reactions')
    .select(reactionColumns)
    .where('project_id', '=', projectId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...r, actions: r.actions.map((a) => ({ ...a, who: a.who ?? 'bot' })) }));
}

export async function reactionsAt(db: Db, projectId: number, mtime: number): Promise<Reaction[]> {
  return (await resourceAt<Reaction>(db, projectId, REACTIONS_RESOURCE, mtime)).map((i) => i.data);
}

/** What GET /reactions answers: the reactions now (or at `mtime`), each with its version and author. */
export async function auditedReactions(db: Db, projectId: number, mtime?: number): Promise<(Reaction & AuditFields)[]> {
  const list = mtime === undefined ? await listReactions(db, projectId) : await reactionsAt(db, projectId, mtime);
  return withAuditFields(db, projectId, REACTIONS_RESOURCE, list, mtime);
}

export async function listReactionScopes(db: Db, projectId: number): Promise<ReactionScope[]> {
  return db
    .selectFrom('reaction_scopes')
    .select(['id', 'name'])
    .where('project_id', '=', projectId)
    .orderBy('id')
    .execute();
}

export async function reactionScopesAt(db: Db, projectId: number, mtime: number): Promise<ReactionScope[]> {
  return (await resourceAt<ReactionScope>(db, projectId, REACTION_SCOPES_RESOURCE, mtime)).map((i) => i.data);
}

/** What a reaction may refer to, read once per save. */
interface References {
  intents: Set<string>;
  scopeIds: Set<number>;
  actions: Set<string>;
  projects: Set<number>;
  reactionNames: Set<string>;
}

async function loadReferences(db: Db, projectId: number, reactionNames: string[]): Promise<References> {
  const [intents, scopes, actions, projects] = await Promise.all([
    db.selectFrom('intents').select('name').where('project_id', '=', projectId).execute(),
    db.selectFrom('reaction_scopes').select('id').where('project_id', '=', projectId).execute(),
    db.selectFrom('project_actions').select('name').where('project_id', '=', projectId).execute(),
    db.selectFrom('projects').select('id').execute(),
  ]);
  return {
    intents: new Set([...intents.map((i) => i.name), ...PSEUDO_INTENTS]),
    scopeIds: new Set(scopes.map((s) => s.id)),
    actions: new Set(actions.map((a) => a.name)),
    projects: new Set(projects.map((p) => p.id)),
    reactionNames: new Set(reactionNames),
  };
}

/**
 * Validation of one reaction against the project (issue 5 §1): its intents, scope and actions exist, its
 * condition parses, and the arguments that name other things (reaction, scope, project) name existing ones.
 * Every message names the reaction.
 */
function checkReaction(r: Omit<Reaction, 'id'>, refs: References, scopeNames: Map<string, number>): void {
  const where = `Reaction ${r.name}`;
  const problem = conditionError(r.condition);
  if (problem) throw invalidInput(`${where}: the condition does not parse (${problem}).`);
  for (const intent of r.intents) {
    if (!refs.intents.has(intent)) throw invalidInput(`${where}: intent ${intent} does not exist.`);
  }
  if (r.reactions_scopes_id !== null && !refs.scopeIds.has(r.reactions_scopes_id)) {
    throw invalidInput(`${where}: reaction scope ${r.reactions_scopes_id} does not exist.`);
  }
  for (const step of r.actions) {
    if (!isBuiltinAction(step.name) && !refs.actions.has(step.name)) {
      throw invalidInput(`${where}: action ${step.name} does not exist.`);
    }
    const arg = (name: string) => (typeof step.args[name] === 'string' ? (step.args[name] as string) : '');
    if (
      (step.name === 'timeout' || step.name === 'clear_timeout') &&
      arg('reaction') &&
      !refs.reactionNames.has(arg('reaction'))
    ) {
      throw invalidInput(`${where}: ${step.name} names an unknown reaction ${arg('reaction')}.`);
    }
    if (step.name === 'change_scope' && arg('scope') && !scopeNames.has(arg('scope'))) {
      throw invalidInput(`${where}: change_scope names an unknown scope ${arg('scope')}.`);
    }
    if (step.name === 'webhook' && !refs.actions.has(arg('action'))) {
      throw invalidInput(`${where}: webhook names an unknown project action ${arg('action') || '(none)'}.`);
    }
    if (step.name === 'call_transfer' && !refs.projects.has(Number(step.args.project_id))) {
      throw invalidInput(
        `${where}: call_transfer names an unknown project ${String(step.args.project_id ?? '(none)')}.`,
      );
    }
    if (step.name === 'timeout' && !(Number(step.args.seconds) >= 1)) {
      throw invalidInput(`${where}: timeout needs a number of seconds of at least 1.`);
    }
  }
}

async function scopeNamesOf(db: Db, projectId: number): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('reaction_scopes')
    .select(['id', 'name'])
    .where('project_id', '=', projectId)
    .execute();
  return new Map(rows.map((s) => [s.name, s.id]));
}

function uniqueNames(names: string[], what: string): void {
  const seen = new Set<string>();
  for (const name of names) {
    if (seen.has(name)) throw invalidInput(`Duplicit ${what} name ${name}.`);
    seen.add(name);
  }
}

const rowOf = (r: Omit<Reaction, 'id'>) => ({
  name: r.name,
  condition: r.condition,
  intents: JSON.stringify(r.intents),
  priority: r.priority,
  reactions_scopes_id: r.reactions_scopes_id,
  actions: JSON.stringify(r.actions),
});

/** updateReactions: the whole list replaces the stored one (creates, updates, deletes), one revision per change. */
export async function replaceReactions(
  trx: Db,
  scope: WriteScope,
  input: readonly ReactionInput[],
): Promise<(Reaction & AuditFields)[]> {
  const list = input.map((item) => reaction.extend({ id: reaction.shape.id.optional() }).parse(item));
  uniqueNames(
    list.map((r) => r.name),
    'reaction',
  );
  const refs = await loadReferences(
    trx,
    scope.projectId,
    list.map((r) => r.name),
  );
  const scopeNames = await scopeNamesOf(trx, scope.projectId);
  for (const r of list) checkReaction(r, refs, scopeNames);
  const stored = await listReactions(trx, scope.projectId);
  const storedById = new Map(stored.map((r) => [r.id, r]));
  for (const r of list) {
    if (r.id !== undefined && r.id !== -1 && !storedById.has(r.id)) throw notFound(`Reaction ${r.name} not found.`);
  }
  const kept = new Set(list.map((r) => r.id).filter((id): id is number => id !== undefined && id > 0));
  for (const old of stored) {
    if (kept.has(old.id)) continue;
    await trx.deleteFrom('reactions').where('id', '=', old.id).where('project_id', '=', scope.projectId).execute();
    await recordRevision(trx, { ...revisionScope(scope), itemId: old.id, data: null, deleted: true });
  }
  // Names may be swapped within one save: move every kept row to a temporary name first.
  for (const id of kept) {
    await trx
      .updateTable('reactions')
      .set({ name: `\u0001reaction-${id}` })
      .where('id', '=', id)
      .execute();
  }
  for (const r of list) {
    const { id: _id, ...fields } = r;
    if (r.id !== undefined && r.id > 0) {
      await trx
        .updateTable('reactions')
        .set(rowOf(fields))
        .where('id', '=', r.id)
        .where('project_id', '=', scope.projectId)
        .execute();
      if (JSON.stringify({ ...storedById.get(r.id), id: r.id }) !== JSON.stringify({ id: r.id, ...fields })) {
        await recordRevision(trx, { ...revisionScope(scope), itemId: r.id, data: { id: r.id, ...fields } });
      }
    } else {
      const { id } = await trx
        .insertInto('reactions')
        .values({ project_id: scope.projectId, ...rowOf(fields) })
        .returning('id')
        .executeTakeFirstOrThrow();
      await recordRevision(trx, { ...revisionScope(scope), itemId: id, data: { id, ...fields } });
    }
  }
  return auditedReactions(trx, scope.projectId);
}

const revisionScope = (scope: WriteScope) => ({
  projectId: scope.projectId,
  resource: REACTIONS_RESOURCE,
  time: scope.atime,
  userId: scope.userId,
});

/** updateReaction: one reaction (-1 creates); returns its id. */
export async function saveReaction(
  trx: Db,
  scope: WriteScope,
  id: number,
  fields: Omit<Reaction, 'id'>,
): Promise<number> {
  const others = await trx
    .selectFrom('reactions')
    .select(['id', 'name'])
    .where('project_id', '=', scope.projectId)
    .execute();
  if (id !== -1 && !others.some((r) => r.id === id)) throw notFound('Reaction not found.');
  if (others.some((r) => r.name === fields.name && r.id !== id))
    throw invalidInput(`Duplicit reaction name ${fields.name}.`);
  const names = [...others.filter((r) => r.id !== id).map((r) => r.name), fields.name];
  checkReaction(fields, await loadReferences(trx, scope.projectId, names), await scopeNamesOf(trx, scope.projectId));
  let savedId = id;
  if (id === -1) {
    ({ id: savedId } = await trx
      .insertInto('reactions')
      .values({ project_id: scope.projectId, ...rowOf(fields) })
      .returning('id')
      .executeTakeFirstOrThrow());
  } else {
    await trx
      .updateTable('reactions')
      .set(rowOf(fields))
      .where('id', '=', id)
      .where('project_id', '=', scope.projectId)
      .execute();
  }
  await recordRevision(trx, { ...revisionScope(scope), itemId: savedId, data: { id: savedId, ...fields } });
  return savedId;
}

export async function deleteReaction(trx: Db, scope: WriteScope, id: number): Promise<string> {
  const row = await trx
    .deleteFrom('reactions')
    .where('id', '=', id)
    .where('project_id', '=', scope.projectId)
    .returning('name')
    .executeTakeFirst();
  if (!row) throw notFound('Reaction not found.');
  const users = (await listReactions(trx, scope.projectId)).filter((r) =>
    r.actions.some((a) => (a.name === 'timeout' || a.name === 'clear_timeout') && a.args.reaction === row.name),
  );
  if (users[0]) throw invalidInput(`Reaction ${users[0].name} sets a timeout of ${row.name}; change it first.`);
  await recordRevision(trx, { ...revisionScope(scope), itemId: id, data: null, deleted: true });
  return row.name;
}

/** updateReactionScopes: the whole list; a scope still used by a reaction cannot go. */
export async function replaceReactionScopes(
  trx: Db,
  scope: WriteScope,
  input: ReactionScopeInput[],
): Promise<ReactionScope[]> {
  const list = input.map((s) => reactionScope.extend({ id: reactionScope.shape.id.optional() }).parse(s));
  uniqueNames(
    list.map((s) => s.name),
    'scope',
  );
  const stored = await listReactionScopes(trx, scope.projectId);
  const storedIds = new Set(stored.map((s) => s.id));
  for (const s of list)
    if (s.id !== undefined && s.id > 0 && !storedIds.has(s.id)) throw notFound(`Reaction scope ${s.name} not found.`);
  const kept = new Set(list.map((s) => s.id).filter((id): id is number => id !== undefined && id > 0));
  const reactions = await listReactions(trx, scope.projectId);
  const rev = {
    projectId: scope.projectId,
    resource: REACTION_SCOPES_RESOURCE,
    time: scope.atime,
    userId: scope.userId,
  };
  for (const old of stored) {
    if (kept.has(old.id)) continue;
    const user = reactions.find(
      (r) =>
        r.reactions_scopes_id === old.id ||
        r.actions.some((a) => a.name === 'change_scope' && a.args.scope === old.name),
    );
    if (user) throw invalidInput(`Reaction scope ${old.name} is used by reaction ${user.name}.`);
    await trx.deleteFrom('reaction_scopes').where('id', '=', old.id).execute();
    await recordRevision(trx, { ...rev, itemId: old.id, data: null, deleted: true });
  }
  for (const id of kept)
    await trx
      .updateTable('reaction_scopes')
      .set({ name: `\u0001scope-${id}` })
      .where('id', '=', id)
      .execute();
  for (const s of list) {
    if (s.id !== undefined && s.id > 0) {
      const before = stored.find((o) => o.id === s.id)!;
      await trx.updateTable('reaction_scopes').set({ name: s.name }).where('id', '=', s.id).execute();
      if (before.name !== s.name) {
        await renameScopeInReactions(trx, scope, before.name, s.name);
        await recordRevision(trx, { ...rev, itemId: s.id, data: { id: s.id, name: s.name } });
      }
    } else {
      const { id } = await trx
        .insertInto('reaction_scopes')
        .values({ project_id: scope.projectId, name: s.name })
        .returning('id')
        .executeTakeFirstOrThrow();
      await recordRevision(trx, { ...rev, itemId: id, data: { id, name: s.name } });
    }
  }
  return listReactionScopes(trx, scope.projectId);
}

/** change_scope names scopes by name: a renamed scope is renamed there too. */
async function renameScopeInReactions(trx: Db, scope: WriteScope, from: string, to: string): Promise<void> {
  await rewriteReactions(trx, scope.projectId, scope.userId, (r) => {
    let changed = false;
    const actions = r.actions.map((a) => {
      if (a.name !== 'change_scope' || a.args.scope !== from) return a;
      changed = true;
      return { ...a, args: { ...a.args, scope: to } };
    });
    return changed ? { ...r, actions } : null;
  });
}

/**
 * Rewrites reactions in a write that belongs to another resource (intent or scope renames): the reactions
 * resource's atime moves too (so an editor holding the old list gets 409), with one revision per change.
 */
async function rewriteReactions(
  trx: Db,
  projectId: number,
  userId: number | null,
  change: (r: Reaction) => Reaction | null,
): Promise<number> {
  const changed = (await listReactions(trx, projectId)).map(change).filter((r): r is Reaction => r !== null);
  if (changed.length === 0) return 0;
  const atime = await claimAtime(trx, projectId, REACTIONS_RESOURCE, Number.MAX_SAFE_INTEGER);
  const time =
    atime ??
    (await sql<{ now: number }>`SELECT (extract(epoch from clock_timestamp()) * 1000000)::bigint AS now`.execute(trx))
      .rows[0]!.now;
  for (const r of changed) {
    await trx
      .updateTable('reactions')
      .set({ intents: JSON.stringify(r.intents), actions: JSON.stringify(r.actions) })
      .where('id', '=', r.id)
      .where('project_id', '=', projectId)
      .execute();
    await recordRevision(trx, { projectId, resource: REACTIONS_RESOURCE, itemId: r.id, time, userId, data: r });
  }
  return changed.length;
}

/**
 * Called when an intent is renamed (spec 2 §4 "Polarity"): every reaction listing `oldName` lists `newName`
 * instead. Returns how many reactions changed.
 */
export async function renameIntentInReactions(
  trx: Db,
  projectId: number,
  oldName: string,
  newName: string,
  userId: number | null = null,
): Promise<number> {
  return rewriteReactions(trx, projectId, userId, (r) =>
    r.intents.includes(oldName)
      ? { ...r, intents: [...new Set(r.intents.map((i) => (i === oldName ? newName : i)))] }
      : null,
  );
}

// Intent renames reach the reactions through the intents service's hook list (one line, as it asks).
intentRenameHooks.push(async (trx, scope, renames) => {
  for (const { from, to } of renames) await renameIntentInReactions(trx, scope.projectId, from, to, scope.userId);
});

/** Project clone: the source's reaction scopes and reactions; answers the reactions' new id by old id. */
export async function copyReactions(trx: Db, fromProject: number, toProject: number): Promise<Map<number, number>> {
  const scopeIds = new Map<number, number>();
  for (const scope of await trx
    .selectFrom('reaction_scopes')
    .select(['id', 'name'])
    .where('project_id', '=', fromProject)
    .execute()) {
    const row = await trx
      .insertInto('reaction_scopes')
      .values({ project_id: toProject, name: scope.name })
      .returning('id')
      .executeTakeFirstOrThrow();
    scopeIds.set(scope.id, row.id);
  }
  const reactionIds = new Map<number, number>();
  const reactions = await trx
    .selectFrom('reactions')
    .selectAll()
    .where('project_id', '=', fromProject)
    .orderBy('id')
    .execute();
  for (const r of reactions) {
    const row = await trx
      .insertInto('reactions')
      .values({
        project_id: toProject,
        name: r.name,
        condition: r.condition,
        intents: JSON.stringify(r.intents),
        priority: r.priority,
        reactions_scopes_id: r.reactions_scopes_id === null ? null : (scopeIds.get(r.reactions_scopes_id) ?? null),
        actions: JSON.stringify(r.actions),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    reactionIds.set(r.id, row.id);
  }
  return reactionIds;
}
