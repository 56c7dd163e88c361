/**
 * Confidence that a passage answers a question: the share of the question's rare words that the passage
 * covers, each word weighted by its IDF over the index (a word no passage has weighs most, so a question
 * about something the knowledge base never mentions gets a low confidence even if its common words match).
 */

/** BM25's IDF: ln(1 + (N − df + 0.5) / (df + 0.5)); always positive. */
export function inverseDocumentFrequency(documentFrequency: number, documents: number): number {
  return Math.log(1 + (documents - documentFrequency + 0.5) / (documentFrequency + 0.5));
}

/** IDF-weighted share (0..1) of `questionTerms` (distinct) found in `covered`. */
export function coverageConfidence(
  questionTerms: readonly string[],
  covered: ReadonlySet<string>,
  idf: (term: string) => number,
): number {
  let total = 0;
  let hit = 0;
  for (const term of questionTerms) {
    const weight = idf(term);
    total += weight;
    if (covered.has(term)) hit += weight;
  }
  return total > 0 ? hit / total : 0;
}
