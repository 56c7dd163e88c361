import jexl from 'jexl';

/**
 * The browser's syntax check of a reaction condition, as the user types. It mirrors the server's
 * (server/chat/condition.ts): the same Jexl with the same transforms, compiled and evaluated once against an
 * empty context so syntax errors and unknown transforms show now. The server checks again on save.
 */
const engine = new jexl.Jexl();
for (const name of ['lower', 'upper', 'length', 'number', 'string']) engine.addTransform(name, (v) => v);

export const CONDITION_MAX_LENGTH = 2000;

const cache = new Map<string, string | null>();

/** null when the condition parses (empty means always), else a message a person can read. */
export function conditionProblem(expression: string): string | null {
  if (expression.trim() === '') return null;
  if (expression.length > CONDITION_MAX_LENGTH)
    return `The condition is longer than ${CONDITION_MAX_LENGTH} characters.`;
  const known = cache.get(expression);
  if (known !== undefined) return known;
  let problem: string | null = null;
  try {
    engine.compile(expression).evalSync({});
  } catch (error) {
    problem = error instanceof Error ? error.message.slice(0, 200) : 'The condition does not parse.';
  }
  if (cache.size > 2000) cache.clear();
  cache.set(expression, problem);
  return problem;
}
