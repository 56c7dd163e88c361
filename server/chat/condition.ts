import jexl from 'jexl';

/**
 * Reaction conditions (and test expressions) in Jexl: a small expression language that is parsed and
 * interpreted, never turned into JavaScript (no eval, no new Function over user text). An expression can
 * read `variables`, `entities`, `intent`, `confidence` and `scope`, and call only the transforms below.
 */
const engine = new jexl.Jexl();
engine.addTransform('lower', (v) => String(v ?? '').toLowerCase());
engine.addTransform('upper', (v) => String(v ?? '').toUpperCase());
engine.addTransform('length', (v) => (Array.isArray(v) || typeof v === 'string' ? v.length : 0));
engine.addTransform('number', (v) => Number(v));
engine.addTransform('string', (v) => String(v ?? ''));

export const CONDITION_MAX_LENGTH = 2000;

export interface ConditionContext {
  variables: Record<string, unknown>;
  entities: Record<string, unknown>;
  intent: string | null;
  confidence: number;
  scope: string | null;
}

type Compiled = { evalSync(context: Record<string, unknown>): unknown };
const cache = new Map<string, Compiled>();

/** Parses once (cached); throws with Jexl's own message on a syntax error. */
function compile(expression: string): Compiled {
  let compiled = cache.get(expression);
  if (!compiled) {
    compiled = engine.compile(expression);
    // Parsing is lazy in Jexl: evaluating against an empty context once surfaces syntax errors and
    // unknown transforms or functions now (a missing variable only reads as undefined).
    compiled.evalSync({});
    if (cache.size > 5000) cache.clear();
    cache.set(expression, compiled);
  }
  return compiled;
}

/** null when the expression parses, else a message a person can read. Empty means "always". */
export function conditionError(expression: string): string | null {
  if (expression.trim() === '') return null;
  if (expression.length > CONDITION_MAX_LENGTH) return `is longer than ${CONDITION_MAX_LENGTH} characters`;
  try {
    compile(expression);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message.slice(0, 200) : 'does not parse';
  }
}

/** Whether a condition holds; an empty one always does. Throws when it cannot be evaluated. */
export function evaluateCondition(expression: string, context: ConditionContext): boolean {
  if (expression.trim() === '') return true;
  return Boolean(compile(expression).evalSync(toJexlContext(context)));
}

/** Plain JSON copies: no prototype chain of ours is reachable from an expression. */
function toJexlContext(context: ConditionContext): Record<string, unknown> {
  return JSON.parse(JSON.stringify(context)) as Record<string, unknown>;
}
