import type { ProjectAction } from '../../src/api/contract/actions.ts';
import type { TrackerEntry } from '../../src/api/contract/chat.ts';
import { FALLBACK_INTENT, INPUT_INTENT, type Reaction, START_INTENT } from '../../src/api/contract/reactions.ts';
import type { ExtractedEntity } from '../nlu/index.ts';
import type { BotSnapshot } from './bot-snapshot.ts';
import { AWAITED_VARIABLE, type ActionContext, type KnowledgeVerdict, runAction } from './builtin-actions.ts';
import { chooseReaction } from './choose-reaction.ts';
import { answerFromKnowledge } from './knowledge-answer.ts';
import type { ConditionContext } from './condition.ts';
import { type ConversationState, setVariable } from './conversation-state.ts';
import { TrackerClock, TrackerWriter } from './tracker.ts';
import type { WebhookResult } from './webhook-result.ts';

/** A message's `args` go onto the user's utterance entry (a call's: how it was given, the speech confidence). */
export type TurnInput =
  | { kind: 'start' }
  | { kind: 'message'; text: string; args?: Record<string, unknown> }
  | { kind: 'timeout'; reaction: string };

export interface TurnHooks {
  /** A message below the confidence threshold is counted in the unclassified intents. */
  countUnclassified(text: string): Promise<void>;
  /** Stores the entries so far (provisional responses) before a slow action runs. */
  checkpoint(entries: TrackerEntry[], state: ConversationState): Promise<void>;
  callWebhook(action: ProjectAction, payload: unknown): Promise<WebhookResult>;
  /** The model classified a message in `seconds` (metrics). */
  classified?(seconds: number): void;
  /** The knowledge base was searched for a message no intent took (metrics). */
  knowledgeSearched?(answered: boolean): void;
}

export interface TurnResult {
  entries: TrackerEntry[];
  state: ConversationState;
}

/** At most this many reactions run for one multi-intent message. */
const MULTI_INTENT_MAX = 3;

/**
 * One turn of the bot (DESIGN §8): classify the message, put its entities into variables, choose the
 * reaction (or the fallback below the threshold) and run its actions, writing every step to the tracker.
 * Pure over its inputs but for the hooks, so a deployment's snapshot runs exactly like the draft.
 */
export async function runTurn(
  snapshot: BotSnapshot,
  conversationId: number,
  initial: ConversationState,
  lastTs: number,
  input: TurnInput,
  hooks: TurnHooks,
): Promise<TurnResult> {
  const state: ConversationState = structuredClone(initial);
  const tracker = new TrackerWriter(new TrackerClock(lastTs));
  let flushed = 0;
  const checkpoint = async () => {
    if (tracker.entries.length === flushed) return;
    await hooks.checkpoint(tracker.entries.slice(flushed), state);
    flushed = tracker.entries.length;
  };
  const turn = {
    text: null as string | null,
    intent: null as string | null,
    confidence: 0,
    entities: [] as ExtractedEntity[],
    knowledge: null as KnowledgeVerdict,
  };
  const scopeName = () => snapshot.scopes.find((s) => s.id === state.scopeId)?.name ?? null;
  const conditionContext = (): ConditionContext => ({
    variables: state.variables,
    entities: Object.fromEntries(turn.entities.map((e) => [e.name, e.value])),
    intent: turn.intent,
    confidence: turn.confidence,
    scope: scopeName(),
  });

  const runReaction = async (reaction: Reaction, asFallback = false) => {
    tracker.add('reaction', reaction.name, { id: reaction.id });
    for (const step of reaction.actions) {
      if (state.ended) break;
      // Issue 33: once the knowledge base answered, the fallback's "did not understand" must not follow it.
      if (asFallback && turn.knowledge === 'answered') {
        tracker.log('fine', `The knowledge base answered; the rest of fallback reaction ${reaction.name} is skipped`);
        break;
      }
      const ctx: ActionContext = {
        snapshot,
        state,
        tracker,
        args: step.args,
        conversationId,
        turn,
        callWebhook: hooks.callWebhook,
        checkpoint,
      };
      try {
        await runAction(ctx, step.name);
      } catch (error) {
        tracker.log('error', `Action ${step.name} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  };

  const runFor = async (intentName: string): Promise<boolean> => {
    const choice = chooseReaction(snapshot.reactions, intentName, state.scopeId, conditionContext());
    for (const e of choice.conditionErrors)
      tracker.log('error', `Condition of reaction ${e.reaction} failed: ${e.message}`);
    if (!choice.reaction) return false;
    await runReaction(choice.reaction, intentName === FALLBACK_INTENT);
    return true;
  };

  const runFallback = async () => {
    if (!(await runFor(FALLBACK_INTENT))) tracker.log('warn', 'No fallback reaction fits; nothing was said');
  };

  /**
   * The message found no reaction: with the project's switch on (issue 16 §3) the knowledge base answers first, and
   * only when it has no answer does the fallback reaction run.
   */
  const knowledgeThenFallback = async (text: string) => {
    if (snapshot.knowledge?.fallback) {
      const known = answerFromKnowledge(snapshot, text, tracker);
      turn.knowledge = known.answered ? 'answered' : 'no answer';
      hooks.knowledgeSearched?.(known.answered);
      if (known.answered) return;
    }
    await runFallback();
  };

  if (input.kind === 'start') {
    if (!(await runFor(START_INTENT))) tracker.log('fine', 'No @start reaction; the bot waits for the user');
  } else if (input.kind === 'timeout') {
    const reaction = snapshot.reactions.find((r) => r.name === input.reaction);
    if (!(input.reaction in state.timers)) {
      tracker.log('info', `Timeout of ${input.reaction} is not pending (cleared or already run)`);
    } else if (!reaction) {
      delete state.timers[input.reaction];
      tracker.log('error', `Timeout names an unknown reaction ${input.reaction}`);
    } else {
      delete state.timers[input.reaction];
      tracker.log('info', `Timeout elapsed: ${reaction.name}`);
      await runReaction(reaction);
    }
  } else {
    turn.text = input.text;
    const utter = tracker.utter(input.text, 'user', input.args);
    const awaited = state.variables[AWAITED_VARIABLE];
    if (typeof awaited === 'string') {
      delete state.variables[AWAITED_VARIABLE];
      setVariable(state, awaited, input.text);
      tracker.log('fine', `Stored the answer in variable ${awaited}`);
      if (await runFor(INPUT_INTENT)) return { entries: tracker.entries, state };
    }
    if (!snapshot.model) tracker.log('warn', 'The language model is not trained yet; every message falls back');
    const classifyStart = performance.now();
    const classification = snapshot.model?.classify(input.text, {
      threshold: snapshot.settings.confidenceThreshold ?? undefined,
      multiIntent: snapshot.settings.multiIntent,
    });
    if (classification) hooks.classified?.((performance.now() - classifyStart) / 1000);
    turn.entities = classification?.entities ?? [];
    turn.confidence = classification?.confidence ?? 0;
    turn.intent = classification?.intent?.name ?? null;
    utter.args.intent = turn.intent;
    utter.args.confidence = turn.confidence;
    storeEntities(state, turn.entities);
    tracker.add('intent', turn.intent, {
      confidence: turn.confidence,
      entities: turn.entities.map(({ name, value, text }) => ({ name, value, text })),
      best: classification?.ranking[0]?.name ?? null,
    });
    if (turn.intent === null) {
      tracker.log(
        'info',
        `Confidence ${turn.confidence.toFixed(3)} is below the threshold ${snapshot.settings.confidenceThreshold ?? snapshot.model?.defaultThreshold}; fallback`,
      );
      await hooks.countUnclassified(input.text);
      await knowledgeThenFallback(input.text);
    } else {
      const names = snapshot.settings.multiIntent
        ? (classification?.intents ?? []).slice(0, MULTI_INTENT_MAX).map((i) => i.name)
        : [turn.intent];
      let ran = false;
      for (const name of names.length ? names : [turn.intent]) {
        if (state.ended) break;
        turn.intent = name;
        if (await runFor(name)) ran = true;
        else tracker.log('warn', `No reaction for intent ${name} in scope ${scopeName() ?? '(none)'}`);
      }
      // Issue 33: a recognised intent that no reaction in scope handles asks the knowledge base before the fallback.
      if (!ran && !state.ended) await knowledgeThenFallback(input.text);
    }
  }
  return { entries: tracker.entries, state };
}

/** Entities into variables under their names: one value, or a list when the entity occurs several times. */
function storeEntities(state: ConversationState, entities: readonly ExtractedEntity[]): void {
  const byName = new Map<string, (string | number)[]>();
  for (const e of entities) byName.set(e.name, [...(byName.get(e.name) ?? []), e.value]);
  for (const [name, values] of byName) setVariable(state, name, values.length === 1 ? values[0] : values);
}
