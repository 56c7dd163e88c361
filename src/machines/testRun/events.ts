export type TestRunEvent =
  /** Run this test (card's run button, Run all); `quiet` keeps the per-test notice for Run all's summary. */
  { type: 'test.run'; quiet?: boolean };

export type TestRunState = 'unknown' | 'pending' | 'ok' | 'error';
