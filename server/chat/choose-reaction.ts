import type { Reaction } from '../../src/api/contract/reactions.ts';
import { type ConditionContext, evaluateCondition } from './condition.ts';

export interface ReactionChoice {
  reaction: Reaction | null;
  /** Conditions that could not be evaluated, for the tracker's log. */
  conditionErrors: { reaction: string; message: string }[];
}

/** Highest priority first; equal priorities in the order they were authored (id). */
export function byPriority(a: Reaction, b: Reaction): number {
  return b.priority - a.priority || a.id - b.id;
}

/**
 * The reaction for an intent (DESIGN §8): the highest-priority one listing the intent, whose scope is the
 * active one (a reaction without scope is active everywhere) and whose condition holds. A condition that
 * fails to evaluate counts as false.
 */
export function chooseReaction(
  reactions: readonly Reaction[],
  intentName: string,
  activeScopeId: number | null,
  context: ConditionContext,
): ReactionChoice {
  const conditionErrors: ReactionChoice['conditionErrors'] = [];
  const candidates = reactions
    .filter((r) => r.intents.includes(intentName))
    .filter((r) => r.reactions_scopes_id === null || r.reactions_scopes_id === activeScopeId)
    .sort(byPriority);
  for (const reaction of candidates) {
    try {
      if (evaluateCondition(reaction.condition, context)) return { reaction, conditionErrors };
    } catch (error) {
      conditionErrors.push({
        reaction: reaction.name,
        message: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return { reaction: null, conditionErrors };
}
