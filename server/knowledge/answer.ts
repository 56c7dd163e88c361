import type { KnowledgeAnalyzer } from './language.ts';
import { splitSentences } from './passages.ts';

/** At most this many sentences make an answer. */
const MAX_ANSWER_SENTENCES = 3;
/** A sentence joins the best one when it matches at least this share of the best one's weight. */
const RELATIVE_MATCH = 0.5;

/**
 * The passage shortened to the sentences that match the question: each sentence is weighed by the IDF of
 * the question's terms it contains; the best one and those close to it (up to three) are kept in their
 * original order. A passage with no matching sentence answers with its first sentence.
 */
export function matchingSentences(
  passage: string,
  questionTerms: readonly string[],
  analyzer: KnowledgeAnalyzer,
  idf: (term: string) => number,
): string {
  const sentences = splitSentences(passage, analyzer.code);
  if (sentences.length <= 1) return passage.trim();
  const wanted = new Set(questionTerms);
  const weights = sentences.map((sentence) => {
    let weight = 0;
    for (const term of new Set(analyzer.terms(sentence))) if (wanted.has(term)) weight += idf(term);
    return weight;
  });
  const best = Math.max(...weights);
  if (best <= 0) return sentences[0]!;
  const kept = weights
    .map((weight, index) => ({ weight, index }))
    .filter((s) => s.weight >= best * RELATIVE_MATCH)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .slice(0, MAX_ANSWER_SENTENCES)
    .sort((a, b) => a.index - b.index);
  return kept.map((s) => sentences[s.index]).join(' ');
}
