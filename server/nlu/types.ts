/** Shapes shared by the engine's public API (server routes and the chat runtime import them via index.ts). */

export interface EntityDefinition {
  id: number;
  name: string;
  type: 'dictionary' | 'number';
  match: 'exact' | 'lemmatized' | 'fuzzy';
  occurrence: 'single' | 'multiple';
  case_insensitive: boolean;
  /** Dictionary values separated by commas or new lines. */
  values: string;
  __is_system__: boolean;
}

export interface SynonymDefinition {
  name: string;
  values: string[];
}

export interface IntentDefinition {
  id: number;
  name: string;
  templates: string[];
}

export interface TrainingData {
  language: string;
  intents: IntentDefinition[];
  synonyms: SynonymDefinition[];
  entities: EntityDefinition[];
}

export interface IntentRef {
  id: number;
  name: string;
}

export interface ExtractedEntity {
  /** The entity's name. */
  name: string;
  /** The dictionary value matched (canonical form) or the number read. */
  value: string | number;
  /** The text as the user wrote it. */
  text: string;
  start: number;
  end: number;
}

export interface Classification {
  /** The best intent at or above the threshold, or null ("no intent", out of scope). */
  intent: IntentRef | null;
  /** Calibrated confidence of the best intent, in [0, 1]. */
  confidence: number;
  ranking: (IntentRef & { confidence: number })[];
  /** With `multiIntent`, every intent at or above the threshold (best first). */
  intents?: (IntentRef & { confidence: number })[];
  entities: ExtractedEntity[];
}

export interface ClassifyOptions {
  /** Confidence threshold; below it `intent` is null. Defaults to the model's default threshold. */
  threshold?: number;
  multiIntent?: boolean;
  /** How many entries `ranking` holds (default 10). */
  rankingSize?: number;
}
