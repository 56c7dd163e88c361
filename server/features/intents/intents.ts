import { sql } from 'kysely';
import {
  DUPLICIT_INTENT_NAME,
  DUPLICIT_INTENT_NAME_ON_RENAME,
  DUPLICIT_INTENT_TEMPLATE,
  type Intent,
  INTENT_NAME_EMPTY,
  NEGATIVE_INTENT_SUFFIX,
  TEMPLATE_EMPTY,
  TEMPLATE_EXISTS_IN_INTENT,
  templateHeldBy,
} from '../../../src/api/contract/intents.ts';
import type { Db } from '../../db/database.ts';
import { invalidInput, notFound } from '../../domain-errors.ts';
import { type AuditFields, withAuditFields } from '../../history/audit-fields.ts';
import { resourceAt } from '../../history/resource-history.ts';
import { recordRevision } from '../../history/revisions.ts';

export const INTENTS_RESOURCE = '/intents';

/** Who writes, in which project, at which atime (the revision time of everything written). */
export interface WriteScope {
  projectId: number;
  userId: number | null;
  atime: number;
}

/**
 * Called in the write's transaction after intents were renamed (a positive intent and its '[NEG]' twin).
 * The reactions service adds one line here to update its intent references (spec 2 §4 "Polarity").
 */
export type IntentRenameHook = (trx: Db, scope: WriteScope, renames: { from: string; to: string }[]) => Promise<void>;
export const intentRenameHooks: IntentRenameHook[] = [];

export const normalizeIntentName = (name: string): string => name.trim();
export const normalizeTemplate = (template: string): string => template.trim();
/** Case-insensitive template identity (spec 2 §5); the database's lower() index backs it up. */
export const templateKey = (template: string): string => normalizeTemplate(template).toLowerCase();
export const negativeTwinName = (name: string): string => `${name}${NEGATIVE_INTENT_SUFFIX}`;
export const isNegativeIntent = (name: string): boolean => name.endsWith(NEGATIVE_INTENT_SUFFIX);

/** Every intent of the project with its templates, both in creation order. */
export async function listIntents(db: Db, projectId: number): Promise<Intent[]> {
  const intents = await db
    .selectFrom('intents')
    .select(['id', 'name'])
    .where('project_id', '=', projectId)
    .orderBy('id')
    .execute();
  const templates = await db
    .selectFrom('intent_templates')
    .select(['intent_id', 'template'])
    .where('project_id', '=', projectId)
    .orderBy('intent_id')
    .orderBy('id')
    .execute();
  const byIntent = new Map<number, string[]>(intents.map((i) => [i.id, []]));
  for (const t of templates) byIntent.get(t.intent_id)?.push(t.template);
  return intents.map((i) => ({ id: i.id, name: i.name, templates: byIntent.get(i.id) ?? [] }));
}

/** The intents as they were at `mtime` (microseconds), from the revisions. */
export async function intentsAt(db: Db, projectId: number, mtime: number): Promise<Intent[]> {
  const items = await resourceAt<Intent>(db, projectId, INTENTS_RESOURCE, mtime);
  return items.map((item) => item.data);
}

/** What GET /intents answers: the intents now (or at `mtime`), each with its version and author. */
export async function auditedIntents(db: Db, projectId: number, mtime?: number): Promise<(Intent & AuditFields)[]> {
  const list = mtime === undefined ? await listIntents(db, projectId) : await intentsAt(db, projectId, mtime);
  return withAuditFields(db, projectId, INTENTS_RESOURCE, list, mtime);
}

async function intentOf(db: Db, projectId: number, id: number): Promise<{ id: number; name: string }> {
  const row = await db
    .selectFrom('intents')
    .select(['id', 'name'])
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('Intent not found.');
  return row;
}

/** Records the intent's current state (or its deletion) as a revision at the write's atime. */
export async function recordIntentRevision(
  trx: Db,
  scope: WriteScope,
  intentId: number,
  deleted = false,
): Promise<void> {
  if (deleted) {
    await recordRevision(trx, {
      ...scopeOf(scope),
      resource: INTENTS_RESOURCE,
      itemId: intentId,
      data: null,
      deleted: true,
    });
    return;
  }
  const row = await intentOf(trx, scope.projectId, intentId);
  const templates = await trx
    .selectFrom('intent_templates')
    .select('template')
    .where('intent_id', '=', intentId)
    .orderBy('id')
    .execute();
  await recordRevision(trx, {
    ...scopeOf(scope),
    resource: INTENTS_RESOURCE,
    itemId: intentId,
    data: { id: row.id, name: row.name, templates: templates.map((t) => t.template) },
  });
}

const scopeOf = (s: WriteScope) => ({ projectId: s.projectId, userId: s.userId, time: s.atime });

async function nameTaken(db: Db, projectId: number, name: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom('intents').select('id').where('project_id', '=', projectId).where('name', '=', name);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

function checkName(name: string): string {
  const trimmed = normalizeIntentName(name);
  if (!trimmed) throw invalidInput(INTENT_NAME_EMPTY);
  return trimmed;
}

/** insertIntent: a new intent without templates. */
export async function insertIntent(trx: Db, scope: WriteScope, name: string): Promise<number> {
  const trimmed = checkName(name);
  if (await nameTaken(trx, scope.projectId, trimmed)) throw invalidInput(DUPLICIT_INTENT_NAME);
  const { id } = await trx
    .insertInto('intents')
    .values({ project_id: scope.projectId, name: trimmed })
    .returning('id')
    .executeTakeFirstOrThrow();
  await recordIntentRevision(trx, scope, id);
  return id;
}

/**
 * updateIntent: renames the intent; renaming a positive intent renames its '[NEG]' twin too (spec 2 §4),
 * then the rename hooks run (reaction references).
 */
export async function renameIntent(
  trx: Db,
  scope: WriteScope,
  id: number,
  name: string,
): Promise<{ from: string; to: string }[]> {
  const trimmed = checkName(name);
  const current = await intentOf(trx, scope.projectId, id);
  if (current.name === trimmed) return [];
  if (await nameTaken(trx, scope.projectId, trimmed, id)) throw invalidInput(DUPLICIT_INTENT_NAME_ON_RENAME);
  const renames = [{ id, from: current.name, to: trimmed }];
  if (!isNegativeIntent(current.name)) {
    const twin = await trx
      .selectFrom('intents')
      .select(['id', 'name'])
      .where('project_id', '=', scope.projectId)
      .where('name', '=', negativeTwinName(current.name))
      .executeTakeFirst();
    if (twin) {
      const twinName = negativeTwinName(trimmed);
      if (await nameTaken(trx, scope.projectId, twinName, twin.id)) throw invalidInput(DUPLICIT_INTENT_NAME_ON_RENAME);
      renames.push({ id: twin.id, from: twin.name, to: twinName });
    }
  }
  // Two steps through a temporary name, so swapping names within the rename never trips the unique index.
  for (const r of renames) {
    await trx
      .updateTable('intents')
      .set({ name: `\u0001rename-${r.id}` })
      .where('id', '=', r.id)
      .execute();
  }
  for (const r of renames) {
    await trx.updateTable('intents').set({ name: r.to }).where('id', '=', r.id).execute();
    await recordIntentRevision(trx, scope, r.id);
  }
  const pairs = renames.map(({ from, to }) => ({ from, to }));
  for (const hook of intentRenameHooks) await hook(trx, scope, pairs);
  return pairs;
}

export async function deleteIntent(trx: Db, scope: WriteScope, id: number): Promise<string> {
  const current = await intentOf(trx, scope.projectId, id);
  await trx.deleteFrom('intents').where('id', '=', id).where('project_id', '=', scope.projectId).execute();
  await recordIntentRevision(trx, scope, id, true);
  return current.name;
}

/** The intent already holding a template (ignoring case), if any. */
export async function templateHolder(
  db: Db,
  projectId: number,
  template: string,
): Promise<{ intent_id: number; intent: string; template: string } | undefined> {
  return db
    .selectFrom('intent_templates')
    .innerJoin('intents', 'intents.id', 'intent_templates.intent_id')
    .select(['intent_templates.intent_id', 'intents.name as intent', 'intent_templates.template'])
    .where('intent_templates.project_id', '=', projectId)
    .where(sql<string>`lower(intent_templates.template)`, '=', sql<string>`lower(${template})`)
    .executeTakeFirst();
}

/**
 * insertIntentTemplate: adds a template, unique across all intents ignoring case (spec 2 §5). With
 * `replaces` it is an edit: the old text goes in the same transaction and a clash is 'Duplicit intent template'.
 */
export async function addTemplate(
  trx: Db,
  scope: WriteScope,
  intentId: number,
  template: string,
  replaces?: string,
): Promise<void> {
  const intent = await intentOf(trx, scope.projectId, intentId);
  const text = normalizeTemplate(template);
  if (!text) throw invalidInput(TEMPLATE_EMPTY);
  if (replaces !== undefined) {
    const removed = await trx
      .deleteFrom('intent_templates')
      .where('intent_id', '=', intentId)
      .where('template', '=', replaces)
      .returning('id')
      .execute();
    if (removed.length === 0) throw notFound('Template not found.');
  }
  const holder = await templateHolder(trx, scope.projectId, text);
  if (holder) {
    if (replaces !== undefined) throw invalidInput(DUPLICIT_INTENT_TEMPLATE);
    throw invalidInput(
      holder.intent_id === intent.id ? TEMPLATE_EXISTS_IN_INTENT : templateHeldBy(holder.template, holder.intent),
    );
  }
  await trx
    .insertInto('intent_templates')
    .values({ intent_id: intentId, project_id: scope.projectId, template: text })
    .execute();
  await recordIntentRevision(trx, scope, intentId);
}

/** deleteIntentTemplate: removes the template as written (exact text; ignoring case when nothing matches exactly). */
export async function deleteTemplate(trx: Db, scope: WriteScope, intentId: number, template: string): Promise<void> {
  await intentOf(trx, scope.projectId, intentId);
  let removed = await trx
    .deleteFrom('intent_templates')
    .where('intent_id', '=', intentId)
    .where('template', '=', template)
    .returning('id')
    .execute();
  if (removed.length === 0) {
    removed = await trx
      .deleteFrom('intent_templates')
      .where('intent_id', '=', intentId)
      .where(sql<string>`lower(template)`, '=', sql<string>`lower(${normalizeTemplate(template)})`)
      .returning('id')
      .execute();
  }
  if (removed.length === 0) throw notFound('Template not found.');
  await recordIntentRevision(trx, scope, intentId);
}

export interface IntentInput {
  id?: number;
  name: string;
  templates: string[];
}

/**
 * Checks a whole list as the screens do: names non-empty and unique, templates non-empty (empty ones are
 * dropped, spec 2 §5 "empty input is ignored") and unique across intents ignoring case.
 */
export function validateIntentList(list: IntentInput[], where: (index: number) => string = () => ''): IntentInput[] {
  const names = new Set<string>();
  const holders = new Map<string, string>();
  return list.map((item, index) => {
    const name = normalizeIntentName(item.name);
    if (!name) throw invalidInput(`${where(index)}${INTENT_NAME_EMPTY}`);
    if (names.has(name)) throw invalidInput(`${where(index)}${DUPLICIT_INTENT_NAME}: "${name}"`);
    names.add(name);
    const templates: string[] = [];
    for (const raw of item.templates) {
      const template = normalizeTemplate(raw);
      if (!template) continue;
      const key = template.toLowerCase();
      const holder = holders.get(key);
      if (holder !== undefined) {
        throw invalidInput(
          `${where(index)}${holder === name ? `${TEMPLATE_EXISTS_IN_INTENT} "${template}"` : templateHeldBy(template, holder)}`,
        );
      }
      holders.set(key, name);
      templates.push(template);
    }
    return { id: item.id, name, templates };
  });
}

/**
 * updateIntents: the project's intents become exactly `list`. Items whose id exists are updated in place
 * (templates diffed, so ids of kept templates stay), others are created, intents missing from the list deleted.
 */
export async function replaceIntents(trx: Db, scope: WriteScope, list: IntentInput[]): Promise<void> {
  const wanted = validateIntentList(list);
  const existing = await listIntents(trx, scope.projectId);
  const byId = new Map(existing.map((i) => [i.id, i]));
  const keptIds = new Set(wanted.map((w) => w.id).filter((id): id is number => id !== undefined && byId.has(id)));
  const removed = existing.filter((i) => !keptIds.has(i.id));
  if (removed.length) {
    await trx
      .deleteFrom('intents')
      .where('project_id', '=', scope.projectId)
      .where(
        'id',
        'in',
        removed.map((r) => r.id),
      )
      .execute();
    for (const r of removed) await recordIntentRevision(trx, scope, r.id, true);
  }
  // Templates that move between intents must leave their old intent before they arrive in the new one.
  const wantedKeys = new Map<number, Set<string>>();
  for (const w of wanted) if (w.id !== undefined && keptIds.has(w.id)) wantedKeys.set(w.id, new Set(w.templates));
  const changed = new Set<number>();
  for (const [id, keep] of wantedKeys) {
    const gone = byId.get(id)!.templates.filter((t) => !keep.has(t));
    if (gone.length) {
      await trx.deleteFrom('intent_templates').where('intent_id', '=', id).where('template', 'in', gone).execute();
      changed.add(id);
    }
  }
  // Names too: park the kept intents under temporary names first so that swaps work.
  const renamed = wanted.filter((w) => w.id !== undefined && keptIds.has(w.id) && byId.get(w.id)!.name !== w.name);
  for (const w of renamed) {
    await trx
      .updateTable('intents')
      .set({ name: `\u0001rename-${w.id}` })
      .where('id', '=', w.id!)
      .execute();
  }
  for (const w of renamed) {
    await trx.updateTable('intents').set({ name: w.name }).where('id', '=', w.id!).execute();
    changed.add(w.id!);
  }
  for (const w of wanted) {
    let id = w.id;
    if (id === undefined || !keptIds.has(id)) {
      id = (
        await trx
          .insertInto('intents')
          .values({ project_id: scope.projectId, name: w.name })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      changed.add(id);
    }
    const have = new Set(byId.get(id)?.templates ?? []);
    const added = w.templates.filter((t) => !have.has(t));
    if (added.length) {
      await insertTemplates(trx, scope.projectId, id, added);
      changed.add(id);
    }
  }
  for (const id of changed) await recordIntentRevision(trx, scope, id);
}

/** Inserts many templates in batches (large imports stay a handful of statements). */
export async function insertTemplates(
  trx: Db,
  projectId: number,
  intentId: number,
  templates: string[],
): Promise<void> {
  for (let i = 0; i < templates.length; i += 1000) {
    await trx
      .insertInto('intent_templates')
      .values(
        templates.slice(i, i + 1000).map((template) => ({ intent_id: intentId, project_id: projectId, template })),
      )
      .execute();
  }
}

/** Rows `intent,template` of the project, intents then templates in creation order (intents without templates: one row with an empty template). */
export async function intentRows(db: Db, projectId: number): Promise<[string, string][]> {
  const intents = await listIntents(db, projectId);
  const rows: [string, string][] = [];
  for (const intent of intents) {
    if (intent.templates.length === 0) rows.push([intent.name, '']);
    for (const template of intent.templates) rows.push([intent.name, template]);
  }
  return rows;
}

/** Project clone: the source's intents and their templates; the templates follow their intents' new ids. */
export async function copyIntents(trx: Db, fromProject: number, toProject: number): Promise<void> {
  const intentIds = new Map<number, number>();
  for (const intent of await trx
    .selectFrom('intents')
    .select(['id', 'name'])
    .where('project_id', '=', fromProject)
    .execute()) {
    const row = await trx
      .insertInto('intents')
      .values({ project_id: toProject, name: intent.name })
      .returning('id')
      .executeTakeFirstOrThrow();
    intentIds.set(intent.id, row.id);
  }
  const templates = await trx
    .selectFrom('intent_templates')
    .select(['intent_id', 'template'])
    .where('project_id', '=', fromProject)
    .orderBy('id')
    .execute();
  if (templates.length)
    await trx
      .insertInto('intent_templates')
      .values(
        templates.map((t) => ({ project_id: toProject, intent_id: intentIds.get(t.intent_id)!, template: t.template })),
      )
      .execute();
}

/** A new intent's row, without templates or revision (the demo language model records its own); answers its id. */
export async function insertIntentRow(trx: Db, projectId: number, name: string): Promise<number> {
  const { id } = await trx
    .insertInto('intents')
    .values({ project_id: projectId, name })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}
