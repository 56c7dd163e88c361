import {
  DUPLICIT_TEST_NAME,
  STEP_INPUT_EMPTY,
  TEST_NAME_REQUIRED,
  TEST_NAME_TRIES,
  type Test,
  type TestBody,
} from '../../api/contract/tests.ts';

/** A step as the editor holds it: reactions and actions by name (the autocompletes offer names). */
export interface DraftStep {
  /** Stable key for dragging and React lists. */
  key: number;
  input: string;
  reactions: string[];
  condition: string;
  actions: string[];
}

export interface TestDraft {
  /** null: a new test (PUT /tests/-1). */
  id: number | null;
  name: string;
  steps: DraftStep[];
  /** Save was tried: show the problems. */
  touched: boolean;
}

let nextKey = 1;
export const emptyStep = (): DraftStep => ({ key: nextKey++, input: '', reactions: [], condition: '', actions: [] });

/** The first `{base}N` (N = 1..998) no test holds (spec 1 §4, §9). */
export function uniqueTestName(base: string, tests: readonly Pick<Test, 'name'>[]): string {
  const taken = new Set(tests.map((t) => t.name.toLowerCase()));
  for (let n = 1; n <= TEST_NAME_TRIES; n++) {
    const name = `${base}${n}`;
    if (!taken.has(name.toLowerCase())) return name;
  }
  return `${base}${Date.now()}`;
}
export const newTestName = (tests: readonly Pick<Test, 'name'>[]) => uniqueTestName('new_test_', tests);
export const cloneName = (name: string, tests: readonly Pick<Test, 'name'>[]) => uniqueTestName(`${name}_copy_`, tests);

/** A stored test as a draft: reaction ids become names (the chat's conversion stores ids). */
export function draftOf(test: Test, reactionNames: ReadonlyMap<number, string>): TestDraft {
  return {
    id: test.id,
    name: test.name,
    touched: false,
    steps: test.steps.map((s) => ({
      key: nextKey++,
      input: s.input,
      reactions: s.reactions.map((r) => (typeof r === 'number' ? (reactionNames.get(r) ?? `#${r}`) : r)),
      condition: s.condition,
      actions: [...s.actions],
    })),
  };
}

/** What the user typed, without the list keys and the touched mark. */
const typedOf = (draft: TestDraft) =>
  JSON.stringify([draft.name, draft.steps.map((s) => [s.input, s.reactions, s.condition, s.actions])]);

/** The draft differs from what the editor opened with (nothing opened: a draft is a change). */
export const draftChanged = (draft: TestDraft, opened: TestDraft | null): boolean =>
  opened === null || typedOf(draft) !== typedOf(opened);

export const newDraft = (tests: readonly Test[]): TestDraft => ({
  id: null,
  name: newTestName(tests),
  steps: [emptyStep()],
  touched: false,
});

/** Problems of a draft, by field (spec 1 §5): name required and unique, every step needs an utterance. */
export function draftProblems(
  draft: TestDraft,
  tests: readonly Test[],
): { name: string | null; steps: (string | null)[] } {
  const name = draft.name.trim();
  const clash = tests.some((t) => t.id !== draft.id && t.name.toLowerCase() === name.toLowerCase());
  return {
    name: !name ? TEST_NAME_REQUIRED : clash ? DUPLICIT_TEST_NAME : null,
    steps: draft.steps.map((s) => (s.input.trim() ? null : STEP_INPUT_EMPTY)),
  };
}
export const draftIsValid = (draft: TestDraft, tests: readonly Test[]): boolean => {
  const p = draftProblems(draft, tests);
  return p.name === null && p.steps.every((s) => s === null);
};

export const bodyOf = (draft: TestDraft): TestBody => ({
  name: draft.name.trim(),
  steps: draft.steps.map(({ input, reactions, condition, actions }) => ({
    input: input.trim(),
    reactions,
    condition,
    actions,
  })),
});

export function moveStep(steps: readonly DraftStep[], from: number, to: number): DraftStep[] {
  const out = [...steps];
  const [moved] = out.splice(from, 1);
  if (moved) out.splice(Math.max(0, Math.min(to, out.length)), 0, moved);
  return out;
}
