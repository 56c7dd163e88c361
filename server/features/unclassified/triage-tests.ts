import { sql } from 'kysely';
import { TEST_NAME_MAX, TEST_NAME_TRIES, TEST_STEPS_MAX, type TestStep } from '../../../src/api/contract/tests.ts';
import type { KeptTest } from '../../../src/api/contract/unclassified.ts';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../domain-errors.ts';
import { claimAtime } from '../../history/atime.ts';
import { listReactions } from '../dialogue/reactions.ts';
import { saveTest, TESTS_RESOURCE } from '../tests/tests.ts';

/** The test expression of a kept phrase: the model must classify it as the intent. */
export const reachesIntent = (intent: string): string => `intent == ${JSON.stringify(intent)}`;

/**
 * Triage that writes tests (issue 19): each phrase becomes a step "this phrase must reach intent X / reaction Y"
 * of the test named after the intent, created when missing and extended when present. A phrase the test already
 * holds (case-insensitive) is not added twice. When the test is full (TEST_STEPS_MAX steps) the steps go to
 * {intent}_N, N from 1 up to 998 as for the spec's other generated names. Y is the reaction answering the intent
 * (the highest priority one listing it), left out when no reaction lists it. Runs inside the caller's
 * transaction; moves the tests' atime so an open test editor reloads before saving over it.
 */
export async function keepPhrasesAsTest(
  trx: Db,
  scope: { projectId: number; userId: number | null },
  intentId: number,
  phrases: string[],
): Promise<KeptTest> {
  const intent = await trx
    .selectFrom('intents')
    .select('name')
    .where('project_id', '=', scope.projectId)
    .where('id', '=', intentId)
    .executeTakeFirst();
  if (!intent) throw notFound('Intent not found.');
  const reaction = (await listReactions(trx, scope.projectId))
    .filter((r) => r.intents.includes(intent.name))
    .sort((a, b) => b.priority - a.priority || a.id - b.id)[0];
  const stepOf = (input: string): TestStep => ({
    input,
    reactions: reaction ? [reaction.name] : [],
    condition: reachesIntent(intent.name),
    actions: [],
  });

  const base = intent.name.slice(0, TEST_NAME_MAX - 4);
  const atime = await claimAtime(trx, scope.projectId, TESTS_RESOURCE, Number.MAX_SAFE_INTEGER);
  const writeScope = { ...scope, atime: atime ?? Date.now() * 1000 };
  let pending = [...new Set(phrases.map((p) => p.trim()).filter(Boolean))];
  let first: { id: number; name: string } | null = null;
  let added = 0;
  for (let n = 0; n <= TEST_NAME_TRIES && (pending.length > 0 || first === null); n++) {
    const name = n === 0 ? base : `${base}_${n}`;
    const existing = await trx
      .selectFrom('tests')
      .select(['id', 'name', 'steps'])
      .where('project_id', '=', scope.projectId)
      .where(sql<string>`lower(name)`, '=', name.toLowerCase())
      .executeTakeFirst();
    const steps = existing?.steps ?? [];
    const held = new Set(steps.map((s) => s.input.trim().toLowerCase()));
    const fresh = pending.filter((p) => !held.has(p.toLowerCase()));
    const already = pending.filter((p) => held.has(p.toLowerCase()));
    const room = TEST_STEPS_MAX - steps.length;
    if (room <= 0 && fresh.length > 0) {
      // Full: a phrase it already holds stays kept; the others try the next name.
      if (already.length && first === null) first = { id: existing?.id ?? -1, name: existing?.name ?? name };
      pending = fresh;
      continue;
    }
    const take = fresh.slice(0, Math.max(0, room));
    const id =
      take.length > 0 || !existing
        ? await saveTest(trx, writeScope, existing?.id ?? -1, {
            name: existing?.name ?? name,
            steps: [...steps, ...take.map(stepOf)],
          })
        : existing.id;
    if (first === null) first = { id, name: existing?.name ?? name };
    added += take.length;
    pending = fresh.slice(take.length);
  }
  if (!first) throw notFound('No free test name.');
  return { ...first, steps_added: added };
}

/**
 * Undo of a kept phrase (issue 34): the step of test `testId` whose input is the phrase goes (the last one, as it was
 * added last). A test gone or without the step is left as it is.
 */
export async function removeKeptPhrase(
  trx: Db,
  scope: { projectId: number; userId: number | null },
  testId: number,
  phrase: string,
): Promise<void> {
  const test = await trx
    .selectFrom('tests')
    .select(['id', 'name', 'steps'])
    .where('project_id', '=', scope.projectId)
    .where('id', '=', testId)
    .executeTakeFirst();
  if (!test) return;
  const key = phrase.trim().toLowerCase();
  const at = test.steps.findLastIndex((s) => s.input.trim().toLowerCase() === key);
  if (at < 0) return;
  const atime = await claimAtime(trx, scope.projectId, TESTS_RESOURCE, Number.MAX_SAFE_INTEGER);
  await saveTest(trx, { ...scope, atime: atime ?? Date.now() * 1000 }, test.id, {
    name: test.name,
    steps: test.steps.filter((_, i) => i !== at),
  });
}
