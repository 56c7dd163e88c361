import { type RawBuilder, sql } from 'kysely';
import { NO_CLASS, type UnclassifiedIntent } from '../../../src/api/contract/unclassified.ts';
import type { Db } from '../../db/database.ts';
import { invalidInput, notFound } from '../../domain-errors.ts';
import type { ClassificationUndo, KeptTest } from '../../../src/api/contract/unclassified.ts';
import { type WriteScope, addTemplate, deleteTemplate, normalizeTemplate } from '../intents/intents.ts';
import { keepPhrasesAsTest, removeKeptPhrase } from './triage-tests.ts';

/** At most this many conversation ids are kept per phrase (the newest). */
export const MAX_CONVERSATIONS_PER_PHRASE = 50;
const MAX_PHRASE_LENGTH = 2000;

/** "Hello  There " and "hello there" are the same phrase. */
export const unclassifiedKey = (text: string): string => text.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * The chat runtime calls this when a message is classified below the confidence threshold (DESIGN §8):
 * the phrase's counter goes up by one and the conversation joins its list. One statement, safe under
 * concurrent conversations.
 */
export async function countUnclassified(
  db: Db,
  projectId: number,
  text: string,
  conversationId: string | number | null,
): Promise<void> {
  const phrase = unclassifiedPhrase(text);
  if (!phrase) return;
  const ids = JSON.stringify(conversationId === null ? [] : [String(conversationId)]);
  await sql`
    INSERT INTO unclassified_intents (project_id, intent, intent_key, counter, conversations_ids)
    VALUES (${projectId}, ${phrase}, ${unclassifiedKey(phrase)}, 1, ${ids}::jsonb)
    ${onUnclassifiedConflict}`.execute(db);
}

/** The phrase counted for a message (trimmed, spaces collapsed, bounded), or '' when there is none. */
const unclassifiedPhrase = (text: string): string => text.trim().replace(/\s+/g, ' ').slice(0, MAX_PHRASE_LENGTH);

// Counts add up (a batch counts a phrase once per conversation that said it); the conversations said before stay
// where they are and the new ones follow, the newest MAX_CONVERSATIONS_PER_PHRASE kept.
const onUnclassifiedConflict = sql`ON CONFLICT (project_id, intent_key) DO UPDATE SET
      counter = unclassified_intents.counter + EXCLUDED.counter,
      updated_at = now(),
      conversations_ids = CASE
        WHEN unclassified_intents.conversations_ids @> EXCLUDED.conversations_ids THEN unclassified_intents.conversations_ids
        ELSE (SELECT coalesce(jsonb_agg(v ORDER BY n), '[]'::jsonb) FROM (
          SELECT v, n FROM jsonb_array_elements(unclassified_intents.conversations_ids || EXCLUDED.conversations_ids)
            WITH ORDINALITY AS e(v, n)
          WHERE n <= jsonb_array_length(unclassified_intents.conversations_ids)
            OR NOT unclassified_intents.conversations_ids @> jsonb_build_array(v)
          ORDER BY n DESC LIMIT ${MAX_CONVERSATIONS_PER_PHRASE}) newest)
      END`;

/**
 * The phrases a chat turn counts, one per key (a statement's ON CONFLICT may not touch a row twice): rows `{ id,
 * phrase, key }` of a batch of conversation writes (conversation-writes.ts), for `unclassifiedBatchCte`.
 */
export function addUnclassifiedRows(
  rows: { id: number; phrase: string; key: string }[],
  id: number,
  texts: readonly string[],
): void {
  const keys = new Set<string>();
  for (const text of texts) {
    const phrase = unclassifiedPhrase(text);
    const key = unclassifiedKey(phrase);
    if (!phrase || keys.has(key)) continue;
    keys.add(key);
    rows.push({ id, phrase, key });
  }
}

/**
 * `countUnclassified` for a batch, as a data-modifying CTE over `src` (the conversations' writes, returning id and
 * project_id) and `doc` (its `unclassified` rows): a chat turn counts its phrases in the statement that stores it (no
 * round trip of its own, and only when the turn is stored). Summed per phrase, in key order (concurrent batches
 * lock rows in one order).
 */
export const unclassifiedBatchCte = (): RawBuilder<unknown> => sql`w_unclassified_phrases AS (
    INSERT INTO unclassified_intents (project_id, intent, intent_key, counter, conversations_ids)
    SELECT src.project_id, min(u.phrase), u.key, count(*), jsonb_agg(src.id::text ORDER BY src.id)
    FROM src JOIN (SELECT u.* FROM doc, jsonb_to_recordset(doc.doc->'unclassified') AS u(id bigint, phrase text, key text)) u
      ON u.id = src.id
    GROUP BY src.project_id, u.key ORDER BY 1, 3
    ${onUnclassifiedConflict})`;

/**
 * A generated history's fallbacks (the seed's demo): each phrase counted once per saying, its conversations the
 * newest MAX_CONVERSATIONS_PER_PHRASE, added to what the queue holds.
 */
export async function seedUnclassified(
  db: Db,
  projectId: number,
  phrases: { phrase: string; conversationIds: number[] }[],
): Promise<void> {
  for (const { phrase, conversationIds } of phrases) {
    const said = unclassifiedPhrase(phrase);
    if (!said) continue;
    const ids = JSON.stringify(conversationIds.slice(-MAX_CONVERSATIONS_PER_PHRASE).map(String));
    await sql`
      INSERT INTO unclassified_intents (project_id, intent, intent_key, counter, conversations_ids)
      VALUES (${projectId}, ${said}, ${unclassifiedKey(said)}, ${conversationIds.length}, ${ids}::jsonb)
      ${onUnclassifiedConflict}`.execute(db);
  }
}

/** The fallbacks list: most issued first, paginated, optionally filtered by a substring. */
export async function listUnclassified(
  db: Db,
  projectId: number,
  page: { offset: number; limit: number; search?: string },
): Promise<{ items: UnclassifiedIntent[]; total: number }> {
  const search = page.search?.trim().toLowerCase();
  let base = db.selectFrom('unclassified_intents').where('project_id', '=', projectId);
  if (search) base = base.where('intent_key', 'like', `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  const rows = await base
    .select(['id', 'intent', 'counter', 'conversations_ids', 'class'])
    .orderBy('counter', 'desc')
    .orderBy('id')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  return { items: rows, total: Number(total) };
}

async function unclassifiedOf(db: Db, projectId: number, id: number) {
  const row = await db
    .selectFrom('unclassified_intents')
    .select(['id', 'intent', 'counter', 'conversations_ids', 'class'])
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('Unclassified intent not found.');
  return row;
}

/**
 * Classifying (spec 1 §4): the phrase joins the chosen intent's templates (same rules as adding a template)
 * and the item leaves the list. With no intent the item just leaves. The model is not retrained here.
 */
export async function markClassified(
  trx: Db,
  scope: WriteScope,
  id: number,
  choice: { intentId: number | null; template?: string; keepAsTest?: boolean },
): Promise<{ test: KeptTest | null; undo: ClassificationUndo }> {
  const item = await unclassifiedOf(trx, scope.projectId, id);
  let kept: KeptTest | null = null;
  let template: string | null = null;
  if (choice.intentId !== null) {
    template = normalizeTemplate(choice.template ?? item.intent);
    if (!template) throw invalidInput('The phrase cannot be empty.');
    await addTemplate(trx, scope, choice.intentId, template);
    // The test keeps what users said (the message), which the model must reach the intent from.
    if (choice.keepAsTest) kept = await keepPhrasesAsTest(trx, scope, choice.intentId, [item.intent]);
  }
  await trx.deleteFrom('unclassified_intents').where('id', '=', id).execute();
  const undo: ClassificationUndo = {
    intent: item.intent,
    counter: item.counter,
    conversations_ids: item.conversations_ids,
    class: item.class,
    intent_id: choice.intentId,
    template,
    test_id: kept && kept.steps_added > 0 ? kept.id : null,
  };
  return { test: kept, undo };
}

/**
 * Undo of `markClassified` (issue 34): the fallback waits again (its count added to any that came since) and what the
 * classification added goes: the template, and the kept step of the test. Answers the fallback's id.
 */
export async function restoreClassified(trx: Db, scope: WriteScope, undo: ClassificationUndo): Promise<number> {
  if (undo.intent_id !== null && undo.template !== null) {
    const held = await trx
      .selectFrom('intent_templates')
      .select('template')
      .where('project_id', '=', scope.projectId)
      .where('intent_id', '=', undo.intent_id)
      .where('template', '=', undo.template)
      .executeTakeFirst();
    if (held) await deleteTemplate(trx, scope, undo.intent_id, held.template);
  }
  if (undo.test_id !== null) await removeKeptPhrase(trx, scope, undo.test_id, undo.intent);
  const phrase = unclassifiedPhrase(undo.intent);
  if (!phrase) throw invalidInput('The phrase cannot be empty.');
  const row = await sql<{ id: number }>`
    INSERT INTO unclassified_intents (project_id, intent, intent_key, counter, conversations_ids, class)
    VALUES (${scope.projectId}, ${phrase}, ${unclassifiedKey(phrase)}, ${undo.counter},
      ${JSON.stringify(undo.conversations_ids)}::jsonb, ${undo.class})
    ${onUnclassifiedConflict}
    RETURNING id`.execute(trx);
  return row.rows[0]!.id;
}

/**
 * Bulk triage: every fallback of `ids` joins the intent as it is said (a phrase the intent already holds is
 * fine), or is dismissed with no intent; with keepAsTest all become steps of the intent's test.
 */
export async function classifyMany(
  trx: Db,
  scope: WriteScope,
  ids: number[],
  choice: { intentId: number | null; keepAsTest: boolean },
): Promise<{ classified: number; test: KeptTest | null }> {
  const items = [];
  for (const id of new Set(ids)) items.push(await unclassifiedOf(trx, scope.projectId, id));
  if (choice.intentId !== null)
    await addPhrasesToIntent(
      trx,
      scope,
      choice.intentId,
      items.map((i) => i.intent),
    );
  const test =
    choice.intentId !== null && choice.keepAsTest
      ? await keepPhrasesAsTest(
          trx,
          scope,
          choice.intentId,
          items.map((i) => i.intent),
        )
      : null;
  await trx
    .deleteFrom('unclassified_intents')
    .where('project_id', '=', scope.projectId)
    .where(
      'id',
      'in',
      items.map((i) => i.id),
    )
    .execute();
  return { classified: items.length, test };
}

/** Set Class: an intent name, or none (null or "__don't want to specify__"). */
export async function setUnclassifiedClass(db: Db, projectId: number, id: number, value: string | null): Promise<void> {
  await unclassifiedOf(db, projectId, id);
  const cls = value === null || value === NO_CLASS || value.trim() === '' ? null : value.trim();
  await db
    .updateTable('unclassified_intents')
    .set({ class: cls, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/** Each phrase joins the intent's templates unless it already holds it (another intent holding it is an error). */
async function addPhrasesToIntent(trx: Db, scope: WriteScope, intentId: number, phrases: string[]): Promise<void> {
  const intent = await trx
    .selectFrom('intents')
    .select(['id', 'name'])
    .where('project_id', '=', scope.projectId)
    .where('id', '=', intentId)
    .executeTakeFirst();
  if (!intent) throw notFound('Intent not found.');
  const held = new Set(
    (await trx.selectFrom('intent_templates').select('template').where('intent_id', '=', intent.id).execute()).map(
      (t) => t.template.toLowerCase(),
    ),
  );
  for (const phrase of phrases) {
    const template = normalizeTemplate(phrase);
    if (!template || held.has(template.toLowerCase())) continue;
    await addTemplate(trx, scope, intent.id, template);
    held.add(template.toLowerCase());
  }
}

/**
 * Triage from the conversation logs: what a user said (not necessarily a fallback) joins the intent, kept as test
 * steps if asked; a fallback waiting with the same words is classified with it.
 */
export async function classifyPhrases(
  trx: Db,
  scope: WriteScope,
  phrases: string[],
  choice: { intentId: number; keepAsTest: boolean },
): Promise<{ classified: number; test: KeptTest | null }> {
  const said = [...new Set(phrases.map((p) => p.trim().replace(/\s+/g, ' ')).filter(Boolean))];
  if (said.length === 0) throw invalidInput('The phrase cannot be empty.');
  await addPhrasesToIntent(trx, scope, choice.intentId, said);
  const test = choice.keepAsTest ? await keepPhrasesAsTest(trx, scope, choice.intentId, said) : null;
  await trx
    .deleteFrom('unclassified_intents')
    .where('project_id', '=', scope.projectId)
    .where('intent_key', 'in', said.map(unclassifiedKey))
    .execute();
  return { classified: said.length, test };
}
