/**
 * Confidence of an intent from the linear scores: a logistic function of the intent's own score, of its lead
 * over the best other intent and of the sentence's word coverage (the share of its word features the model
 * knows, tfidf.ts wordCoverage). The own score says "in scope", the lead says "not confused with another
 * intent", the coverage says "written in the project's words": the rows are L2-normalised, so a sentence of
 * mostly unknown words still scores on its few known ones, and only the coverage shows it.
 */
export interface Calibration {
  scoreSlope: number;
  leadSlope: number;
  /** Slope of the word coverage (tfidf.ts wordCoverage); absent in models trained before it (counts as 0). */
  coverageSlope?: number;
  intercept: number;
}

/**
 * Fitted by bench/nlu-calibrate.ts on in-scope validation predictions only (CLINC150 val, HWU64's held-out fifth
 * of train and SNIPS valid; models trained on the remaining training data, default settings: Crammer–Singer,
 * C = 1): the shape (CONFIDENCE_SHAPE) fixed, the slope and intercept fitted on whether the best intent was right.
 */
export const DEFAULT_CALIBRATION: Calibration = {
  scoreSlope: 1.35,
  leadSlope: 4.06,
  coverageSlope: 2.71,
  intercept: -2.79,
};

/**
 * The confidence signal's shape: the weights of the lead and of the word coverage relative to the score's. Chosen
 * on CLINC150 val + oos_val (bench/nlu-calibrate.ts prints the grid): out-of-scope recall at in-scope accuracy
 * ≥ 92% was 73% with the score and lead alone (lead 3), 87% with coverage 2, and 84–88% over lead 1–3 and
 * coverage 0.8–2. Of those, lead 3 is the one that keeps every template of the seeded demo at or above its
 * threshold 0.5 in its own cross-validation (with lead 1.5 and 2, "track my order", whose only content word is
 * in no other template, fell to 0.46–0.48).
 */
export const CONFIDENCE_SHAPE = { lead: 3, coverage: 2 };

export function confidenceOf(score: number, lead: number, calibration: Calibration, coverage = 1): number {
  const z =
    calibration.scoreSlope * score +
    calibration.leadSlope * lead +
    (calibration.coverageSlope ?? 0) * coverage +
    calibration.intercept;
  return 1 / (1 + Math.exp(-z));
}

/** For every class, its confidence given all scores: the lead is over the best of the other classes. */
export function calibratedConfidences(
  scores: Float64Array | Float32Array,
  calibration: Calibration,
  coverage = 1,
): Float64Array {
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
    confidences[k] = confidenceOf(scores[k]!, lead, calibration, coverage);
  }
  return confidences;
}

/**
 * Fits the calibration by logistic regression (Newton's method) on held-out predictions: for each one, the
 * best class's score and lead, and whether that class was right.
 */
export function fitCalibration(samples: readonly { score: number; lead: number; correct: boolean }[]): Calibration {
  // From zero (every probability 1/2): Newton's method on the logistic loss converges from there, while a start
  // far off (saturated probabilities, no curvature) can diverge.
  let w = [0, 0, 0];
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
