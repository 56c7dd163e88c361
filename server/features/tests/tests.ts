import { sql } from 'kysely';
import { DUPLICIT_TEST_NAME, type Test, type TestBody, testBody } from '../../../src/api/contract/tests.ts';
import { conditionError } from '../../chat/condition.ts';
import type { Db } from '../../db/database.ts';
import { invalidInput, notFound } from '../../domain-errors.ts';
import type { WriteScope } from '../intents/intents.ts';
import { resourceAt } from '../../history/resource-history.ts';
import { recordRevision } from '../../history/revisions.ts';

export const TESTS_RESOURCE = '/tests';

export async function listTests(db: Db, projectId: number): Promise<Test[]> {
  return db
    .selectFrom('tests')
    .select(['id', 'name', 'steps'])
    .where('project_id', '=', projectId)
    .orderBy('id')
    .execute();
}

export async function testsAt(db: Db, projectId: number, mtime: number): Promise<Test[]> {
  return (await resourceAt<Test>(db, projectId, TESTS_RESOURCE, mtime)).map((i) => i.data);
}

export async function findTest(db: Db, projectId: number, id: number): Promise<Test> {
  const row = await db
    .selectFrom('tests')
    .select(['id', 'name', 'steps'])
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('Test not found.');
  return row;
}

/** Creates (id -1) or updates a test: the name unique in the project (case-insensitive), steps that parse. */
export async function saveTest(trx: Db, scope: WriteScope, id: number, input: TestBody): Promise<number> {
  const body = testBody.parse(input);
  for (const [index, step] of body.steps.entries()) {
    const problem = conditionError(step.condition);
    if (problem) throw invalidInput(`Step ${index + 1}: the test expression does not parse (${problem}).`);
  }
  if (id !== -1) await findTest(trx, scope.projectId, id);
  const clash = await trx
    .selectFrom('tests')
    .select('id')
    .where('project_id', '=', scope.projectId)
    .where(sql<string>`lower(name)`, '=', body.name.toLowerCase())
    .where('id', '!=', id)
    .executeTakeFirst();
  if (clash) throw invalidInput(DUPLICIT_TEST_NAME);
  const steps = JSON.stringify(body.steps);
  const saved =
    id === -1
      ? await trx
          .insertInto('tests')
          .values({ project_id: scope.projectId, name: body.name, steps })
          .returning('id')
          .executeTakeFirstOrThrow()
      : await trx
          .updateTable('tests')
          .set({ name: body.name, steps })
          .where('id', '=', id)
          .where('project_id', '=', scope.projectId)
          .returning('id')
          .executeTakeFirstOrThrow();
  await recordRevision(trx, {
    projectId: scope.projectId,
    resource: TESTS_RESOURCE,
    itemId: saved.id,
    time: scope.atime,
    userId: scope.userId,
    data: { id: saved.id, ...body },
  });
  return saved.id;
}

export async function deleteTest(trx: Db, scope: WriteScope, id: number): Promise<string> {
  const test = await findTest(trx, scope.projectId, id);
  await trx.deleteFrom('tests').where('id', '=', id).where('project_id', '=', scope.projectId).execute();
  await recordRevision(trx, {
    projectId: scope.projectId,
    resource: TESTS_RESOURCE,
    itemId: id,
    time: scope.atime,
    userId: scope.userId,
    data: null,
    deleted: true,
  });
  return test.name;
}

/** Project clone: the source's tests; steps name reactions by id (or by name), and ids follow `reactionIds`. */
export async function copyTests(
  trx: Db,
  fromProject: number,
  toProject: number,
  reactionIds: Map<number, number>,
): Promise<void> {
  const tests = await trx
    .selectFrom('tests')
    .select(['name', 'steps'])
    .where('project_id', '=', fromProject)
    .orderBy('id')
    .execute();
  if (tests.length)
    await trx
      .insertInto('tests')
      .values(
        tests.map((t) => ({
          project_id: toProject,
          name: t.name,
          steps: JSON.stringify(
            t.steps.map((s) => ({
              ...s,
              reactions: s.reactions.map((r) => (typeof r === 'number' ? (reactionIds.get(r) ?? r) : r)),
            })),
          ),
        })),
      )
      .execute();
}
