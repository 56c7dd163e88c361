import type { TestRunState } from '../testRun/events.ts';
import type { RunAllTestsContext } from './machine.ts';

/** The four counters of the tests screen (spec 1 §2): Ok, Failed, Didn't Run, Pending. */
export function counters(context: Pick<RunAllTestsContext, 'tests' | 'statuses'>) {
  const of = (state: TestRunState) =>
    context.tests.filter((t) => (context.statuses[t.id] ?? 'unknown') === state).length;
  return { ok: of('ok'), failed: of('error'), notRun: of('unknown'), pending: of('pending') };
}
