import { calibratedConfidences } from './calibration.ts';
import { extractEntities } from './entities.ts';
import { FeatureExtractor } from './features.ts';
import { lookupColumn } from './hash-table.ts';
import { getLanguage } from './languages/registry.ts';
import type { LanguageDefinition } from './languages/language-definition.ts';
import type { ModelParts } from './model-parts.ts';
import { vectorize, wordCoverage } from './tfidf.ts';
import type { Classification, ClassifyOptions, ExtractedEntity, IntentRef } from './types.ts';

/** A trained intent classifier with its entity definitions: what the chat runtime asks. */
export class NluModel {
  readonly parts: ModelParts;
  readonly language: LanguageDefinition;
  private readonly scores: Float64Array;
  private readonly lookup: (hash: number) => number;
  private readonly extractor: FeatureExtractor;
  /** The idf of a feature seen in one training sentence: what a feature never seen counts with in the coverage. */
  private readonly unknownIdf: number;
  private coverage = 1;

  constructor(parts: ModelParts) {
    this.parts = parts;
    this.language = getLanguage(parts.language);
    this.scores = new Float64Array(parts.intents.length);
    this.lookup = (hash) => lookupColumn(parts.table, hash);
    this.extractor = new FeatureExtractor(this.language, parts.features);
    let unknownIdf = 1;
    for (let i = 0; i < parts.idf.length; i++) unknownIdf = Math.max(unknownIdf, parts.idf[i]!);
    this.unknownIdf = unknownIdf;
  }

  get intents(): readonly IntentRef[] {
    return this.parts.intents;
  }

  /** The word coverage of the sentence scored last (tfidf.ts wordCoverage). */
  get lastCoverage(): number {
    return this.coverage;
  }

  get defaultThreshold(): number {
    return this.parts.defaultThreshold;
  }

  /** Raw linear scores of every intent (shared buffer: copy it if you keep it). */
  scoreText(text: string, entities?: readonly ExtractedEntity[]): Float64Array {
    const { parts } = this;
    const found = entities ?? extractEntities(text, parts.entities, parts.language);
    const hashes = this.extractor.hashes(
      text,
      found.map((e) => e.name),
    );
    const row = vectorize(hashes, this.lookup, parts.idf, parts.features.charWeight);
    this.coverage = wordCoverage(hashes.word, this.lookup, parts.idf, this.unknownIdf);
    const classes = parts.bias.length;
    const scores = this.scores;
    scores.fill(0);
    const { weights } = parts;
    for (let i = 0; i < row.index.length; i++) {
      const x = row.value[i]!;
      const base = row.index[i]! * classes;
      for (let k = 0; k < classes; k++) scores[k] += x * weights[base + k]!;
    }
    for (let k = 0; k < classes; k++) scores[k] = scores[k]! * parts.scales[k]! + parts.bias[k]!;
    return scores;
  }

  /** Calibrated confidence of every intent (from the scores and the share of the sentence the model knows). */
  confidences(text: string, entities?: readonly ExtractedEntity[]): Float64Array {
    const scores = this.scoreText(text, entities);
    return calibratedConfidences(scores, this.parts.calibration, this.coverage);
  }

  classify(text: string, options: ClassifyOptions = {}): Classification {
    const threshold = options.threshold ?? this.parts.defaultThreshold;
    const entities = extractEntities(text, this.parts.entities, this.parts.language);
    if (this.parts.intents.length === 0) return { intent: null, confidence: 0, ranking: [], entities };
    const confidences = this.confidences(text, entities);
    const order = [...confidences.keys()].sort((a, b) => confidences[b]! - confidences[a]!);
    const ranked = order.map((k) => ({ ...this.parts.intents[k]!, confidence: confidences[k]! }));
    const best = ranked[0]!;
    const result: Classification = {
      intent: best.confidence >= threshold ? { id: best.id, name: best.name } : null,
      confidence: best.confidence,
      ranking: ranked.slice(0, options.rankingSize ?? 10),
      entities,
    };
    if (options.multiIntent) result.intents = ranked.filter((r) => r.confidence >= threshold);
    return result;
  }
}
