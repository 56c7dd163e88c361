import type { TestBody } from '../../../src/api/contract/tests.ts';
import { claimAtime } from '../../history/atime.ts';
import { TESTS_RESOURCE, saveTest } from './tests.ts';
import type { Db } from '../../db/database.ts';

/** The demo project's regression test: the order flow of the demo dialogue, which it passes as seeded. */
export const DEMO_TEST: TestBody = {
  name: 'order_pizza',
  steps: [
    {
      input: 'I want to order a pizza',
      reactions: ['order'],
      condition: "intent == 'order'",
      actions: ['date_picker', 'change_scope'],
    },
    {
      input: '2031-05-04',
      reactions: ['order_date'],
      condition: "variables.delivery_date == '2031-05-04' && scope == 'ordering'",
      actions: ['clear_timeout', 'utter', 'buttons'],
    },
    { input: 'yes', reactions: ['order_confirmed'], condition: '', actions: ['call_end'] },
  ],
};

/** Project initializer (after the dialogue): the demo test in the demo project; a new project starts without tests. */
export async function initializeDemoTest(trx: Db, projectId: number, options: { demo: boolean }): Promise<void> {
  if (!options.demo) return;
  const atime = await claimAtime(trx, projectId, TESTS_RESOURCE, Number.MAX_SAFE_INTEGER);
  await saveTest(trx, { projectId, userId: null, atime: atime! }, -1, DEMO_TEST);
}
