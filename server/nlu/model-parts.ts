import type { Calibration } from './calibration.ts';
import type { FeatureSettings } from './features.ts';
import type { HashTable } from './hash-table.ts';
import type { EntityDefinition, IntentRef } from './types.ts';

/** Everything a trained model holds; serialised by model-format.ts. */
export interface ModelParts {
  language: string;
  intents: IntentRef[];
  entities: EntityDefinition[];
  features: FeatureSettings;
  calibration: Calibration;
  defaultThreshold: number;
  table: HashTable;
  idf: Float32Array;
  /** Weights, feature-major: weights[column * classes + k], quantised to int8 with one scale per class. */
  weights: Int8Array;
  scales: Float32Array;
  bias: Float32Array;
}

/**
 * Quantises per-class weight vectors (each of length columns + 1, bias last) into the feature-major
 * int8 layout: a row per feature makes classification one pass over the sentence's features.
 */
export function quantiseWeights(perClass: readonly Float32Array[], columns: number) {
  const classes = perClass.length;
  const weights = new Int8Array(columns * classes);
  const scales = new Float32Array(classes);
  const bias = new Float32Array(classes);
  perClass.forEach((w, k) => {
    let max = 0;
    for (let j = 0; j < columns; j++) max = Math.max(max, Math.abs(w[j]!));
    const scale = max > 0 ? max / 127 : 1;
    scales[k] = scale;
    bias[k] = w[columns]!;
    for (let j = 0; j < columns; j++) weights[j * classes + k] = Math.round(w[j]! / scale);
  });
  return { weights, scales, bias };
}
