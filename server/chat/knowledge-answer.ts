import type { KnowledgeHit } from '../knowledge/types.ts';
import type { BotSnapshot } from './bot-snapshot.ts';
import type { TrackerWriter } from './tracker.ts';

/** The tracker's action entry of a knowledge search; its `answered` arg is what logs and statistics count. */
export const KNOWLEDGE_ANSWER_ACTION = 'knowledge_answer';

export type KnowledgeOutcome = { answered: true; hit: KnowledgeHit } | { answered: false };

const entryName = (hit: KnowledgeHit) => `#${hit.entryId}${hit.title ? ` "${hit.title}"` : ''}`;

/**
 * Answers a question from the bot's knowledge index (issue 16 §3): the best passage's matching sentences, the
 * entry's link as a citation, and a tracker entry naming the entry, score and confidence. Below the knowledge
 * threshold, or without an index, it says nothing and answers "no answer" for the caller's fallback path.
 */
export function answerFromKnowledge(snapshot: BotSnapshot, question: string, tracker: TrackerWriter): KnowledgeOutcome {
  const knowledge = snapshot.knowledge;
  if (!knowledge?.index) {
    tracker.log('warn', 'The knowledge base has no index (reindex it, then deploy); no answer');
    tracker.add('action', KNOWLEDGE_ANSWER_ACTION, { answered: false, reason: 'no index' });
    return { answered: false };
  }
  const best = knowledge.index.search(question, { limit: 3 })[0];
  if (!best || best.confidence < knowledge.threshold) {
    tracker.log(
      'info',
      best
        ? `Knowledge: no answer; best entry ${entryName(best)} score ${best.score.toFixed(3)}, confidence ${best.confidence.toFixed(3)} is below the threshold ${knowledge.threshold}`
        : 'Knowledge: no answer; no passage matches',
    );
    tracker.add('action', KNOWLEDGE_ANSWER_ACTION, {
      answered: false,
      knowledge_id: best?.entryId ?? null,
      score: best?.score ?? 0,
      confidence: best?.confidence ?? 0,
      threshold: knowledge.threshold,
    });
    return { answered: false };
  }
  tracker.log(
    'info',
    `Knowledge: answered from entry ${entryName(best)}, score ${best.score.toFixed(3)}, confidence ${best.confidence.toFixed(3)}`,
  );
  tracker.add('action', KNOWLEDGE_ANSWER_ACTION, {
    answered: true,
    knowledge_id: best.entryId,
    title: best.title,
    link: best.link,
    score: best.score,
    confidence: best.confidence,
    threshold: knowledge.threshold,
  });
  tracker.utter((best.answer || best.passage).slice(0, 5000), 'bot', { knowledge_id: best.entryId, link: best.link });
  // The citation, as the chat window already shows links.
  if (best.link) tracker.add('action', 'links', { links: [{ title: best.title || best.link, url: best.link }] });
  return { answered: true, hit: best };
}
