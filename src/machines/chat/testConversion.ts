import type { TrackerEntry } from '../../api/contract/chat.ts';

/** Texts of spec 1 §5, verbatim. */
export const TEST_NAME_EMPTY = 'Test name cannot be empty';
export const TEST_NAME_DUPLICATE = 'Duplicit test name';
export const TEST_CREATED = 'Test created';
/** Spec 1 §9: conversation-to-test default maximum reactions per step. */
export const DEFAULT_MAX_REACTIONS_PER_STEP = 1;

/** One step of a test (spec 1 §3): what the user said, the reactions and actions expected, a test expression. */
export interface TestStep {
  input: string;
  reactions: number[];
  condition: string;
  actions: string[];
}

export interface NewTest {
  name: string;
  steps: TestStep[];
}

/**
 * A conversation as test steps: one step per user message (the opening turn, before any message, is
 * not a step), with the reactions that ran for it (at most `maxReactions`) and the actions they ran.
 */
export function conversationToSteps(
  entries: readonly TrackerEntry[],
  maxReactions = DEFAULT_MAX_REACTIONS_PER_STEP,
): TestStep[] {
  const steps: TestStep[] = [];
  let current: TestStep | null = null;
  let reactionsSeen = 0;
  for (const e of entries) {
    if (e.type === 'utter' && e.args.who === 'user' && !e.args.attachment) {
      current = { input: e.value ?? '', reactions: [], condition: '', actions: [] };
      reactionsSeen = 0;
      steps.push(current);
    } else if (current && e.type === 'reaction') {
      reactionsSeen++;
      const id = Number(e.args.id);
      if (reactionsSeen <= maxReactions && Number.isInteger(id)) current.reactions.push(id);
    } else if (current && e.type === 'action' && e.value && reactionsSeen <= maxReactions) {
      current.actions.push(e.value);
    } else if (current && e.type === 'utter' && e.args.who === 'bot' && reactionsSeen <= maxReactions) {
      // The test runner counts a bot's utterance as the action 'utter' (server/features/tests/test-runner.ts).
      current.actions.push('utter');
    }
  }
  return steps;
}

/** The validation of spec 1 §5 for the name, or null when it may be saved. */
export function testNameError(name: string, existing: readonly string[]): string | null {
  const trimmed = name.trim();
  if (!trimmed) return TEST_NAME_EMPTY;
  if (existing.some((n) => n.trim().toLowerCase() === trimmed.toLowerCase())) return TEST_NAME_DUPLICATE;
  return null;
}
