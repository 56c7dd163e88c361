import type { TestRunState } from '../testRun/events.ts';
import type { DraftStep } from './draft.ts';

export type RunAllTestsEvent =
  | { type: 'tests.reload' }
  /** Run all (button, Ctrl+Shift+T here or in the top bar). */
  | { type: 'tests.runAll' }
  | { type: 'test.run'; id: number }
  | { type: 'test.select'; id: number }
  | { type: 'tab.change'; tab: 'steps' | 'output' }
  /** Add (Ctrl+A): the editor with a new_test_N. */
  | { type: 'test.add' }
  | { type: 'test.edit'; id: number }
  | { type: 'test.clone'; id: number }
  | { type: 'draft.name'; name: string }
  /** Add next step (Ctrl+D). */
  | { type: 'draft.step.add' }
  | { type: 'draft.step.remove'; index: number }
  | { type: 'draft.step.move'; from: number; to: number }
  | { type: 'draft.step.change'; index: number; patch: Partial<DraftStep> }
  | { type: 'draft.save' }
  | { type: 'draft.cancel' }
  /** The answers of the shared "unsaved changes" question (navigationGuard/leaving.ts). */
  | { type: 'leave.save' }
  | { type: 'leave.discard' }
  | { type: 'leave.stay' }
  /** Remove test (in the editor). */
  | { type: 'test.remove' }
  // From the tests' own run machines:
  | { type: 'test.started'; testId: number }
  | { type: 'test.settled'; testId: number; state: TestRunState };
