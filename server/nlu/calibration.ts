/**
 * Confidence of an intent from the linear scores: a logistic function of the intent's own score and of
 * its lead over the best other intent (Platt scaling over two margins). The own score says "in scope",
 * the lead says "not confused with another intent"; both matter for a threshold to mean something.
 */
export interface Calibration {
  scoreSlope: number;
  leadSlope: number;
  intercept: number;
}

/**
 * Fitted by bench/nlu-calibrate.ts on validation predictions only: CLINC150 val + oos_val, HWU64's held-out
 * fifth of train and SNIPS valid (models trained on the remaining training data, default settings:
 * Crammer–Singer, C = 1).
 */
export const DEFAULT_CALIBRATION: Calibration = { scoreSlope: 1.65, leadSlope: 5.18, intercept: -1.66 };

export function confidenceOf(score: number, lead: number, calibration: Calibration): number {
  const z = calibration.scoreSlope * score + calibration.leadSlope * lead + calibration.intercept;
  return 1 / (1 + Math.exp(-z));
}

/** For every class, its confidence given all scores: the lead is over the best of the other classes. */
export function calibratedConfidences(scores: Float64Array | Float32Array, calibration: Calibration): Float64Array {
  let best = Number.NEGATIVE_INFINITY;
  let second = Number.NEGATIVE_INFINITY;
  let bestIndex = -1;
  for (let k = 0; k < scores.length; k++) {
    const s = scores[k]!;
    if (s > best) {
      second = best;
      best = s;
      bestIndex = k;
    } else if (s > second) {
      second = s;
    }
  }
  const confidences = new Float64Array(scores.length);
  for (let k = 0; k < scores.length; k++) {
    const other = k === bestIndex ? second : best;
    const lead = Number.isFinite(other) ? scores[k]! - other : 1;
    confidences[k] = confidenceOf(scores[k]!, lead, calibration);
  }
  return confidences;
}

/**
 * Fits the calibration by logistic regression (Newton's method) on held-out predictions: for each one, the
 * best class's score and lead, and whether that class was right.
 */
export function fitCalibration(samples: readonly { score: number; lead: number; correct: boolean }[]): Calibration {
  let w = [DEFAULT_CALIBRATION.scoreSlope, DEFAULT_CALIBRATION.leadSlope, DEFAULT_CALIBRATION.intercept];
  if (samples.length < 10) return DEFAULT_CALIBRATION;
  const ridge = 1e-3;
  for (let iteration = 0; iteration < 50; iteration++) {
    const gradient = [0, 0, 0];
    const hessian = [
      [ridge, 0, 0],
      [0, ridge, 0],
      [0, 0, ridge],
    ];
    for (const sample of samples) {
      const x = [sample.score, sample.lead, 1];
      const z = w[0]! * x[0]! + w[1]! * x[1]! + w[2]!;
      const p = 1 / (1 + Math.exp(-z));
      const error = p - (sample.correct ? 1 : 0);
      const curvature = Math.max(p * (1 - p), 1e-9);
      for (let a = 0; a < 3; a++) {
        gradient[a]! += error * x[a]!;
        for (let b = 0; b < 3; b++) hessian[a]![b]! += curvature * x[a]! * x[b]!;
      }
    }
    for (let a = 0; a < 3; a++) gradient[a]! += ridge * w[a]!;
    const step = solve3(hessian, gradient);
    w = w.map((v, i) => v - step[i]!);
    if (Math.hypot(...step) < 1e-8) break;
  }
  return { scoreSlope: w[0]!, leadSlope: w[1]!, intercept: w[2]! };
}

/** Solves a 3×3 linear system by Cramer's rule (the Hessian is small and positive definite). */
function solve3(m: number[][], v: number[]): number[] {
  const det = (a: number[][]) =>
    a[0]![0]! * (a[1]![1]! * a[2]![2]! - a[1]![2]! * a[2]![1]!) -
    a[0]![1]! * (a[1]![0]! * a[2]![2]! - a[1]![2]! * a[2]![0]!) +
    a[0]![2]! * (a[1]![0]! * a[2]![1]! - a[1]![1]! * a[2]![0]!);
  const d = det(m);
  if (Math.abs(d) < 1e-300) return [0, 0, 0];
  return [0, 1, 2].map((column) => det(m.map((row, r) => row.map((value, c) => (c === column ? v[r]! : value)))) / d);
}
