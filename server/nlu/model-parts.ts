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
 * Trained float weights as the solvers leave them, feature-major: class k's weight of column j at
 * w[j × stride + k], the bias at column `columns` (Crammer–Singer's are read where it trained them).
 */
export interface TrainedWeights {
  classes: number;
  columns: number;
  stride: number;
  w: Float32Array;
}

/** Per-class weight vectors (each of length columns + 1, bias last), as one feature-major table. */
export function stridedWeights(perClass: readonly Float32Array[], columns: number): TrainedWeights {
  const classes = perClass.length;
  const w = new Float32Array((columns + 1) * classes);
  perClass.forEach((weights, k) => {
    for (let j = 0; j <= columns; j++) w[j * classes + k] = weights[j]!;
  });
  return { classes, columns, stride: classes, w };
}

/**
 * Quantises trained weights into the model's feature-major int8 layout (one scale per class: its largest weight
 * is ±127): a row per feature makes classification one pass over the sentence's features.
 */
export function quantiseWeights({ classes, columns, stride, w }: TrainedWeights) {
  const weights = new Int8Array(columns * classes);
  const scales = new Float32Array(classes);
  const bias = new Float32Array(classes);
  // In double precision, as each class's scale is worked out; the model stores it in single precision.
  const scale = new Float64Array(classes);
  for (let j = 0; j < columns; j++)
    for (let k = 0; k < classes; k++) scale[k] = Math.max(scale[k]!, Math.abs(w[j * stride + k]!));
  for (let k = 0; k < classes; k++) {
    scale[k] = scale[k]! > 0 ? scale[k]! / 127 : 1;
    scales[k] = scale[k]!;
    bias[k] = w[columns * stride + k]!;
  }
  for (let j = 0; j < columns; j++)
    for (let k = 0; k < classes; k++) weights[j * classes + k] = Math.round(w[j * stride + k]! / scale[k]!);
  return { weights, scales, bias };
}
