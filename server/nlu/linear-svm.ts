import type { SparseMatrix } from './sparse-matrix.ts';

export interface SvmOptions {
  /** Inverse regularisation strength. */
  C: number;
  /** Stopping tolerance on the projected gradient (liblinear's default for the dual is 0.1). */
  epsilon: number;
  maxIterations: number;
  seed: number;
  /** Multiplies C for the positive examples (one-vs-rest leaves each class outnumbered by the rest). */
  positiveWeight?: number;
}

/**
 * One binary L2-regularised squared-hinge linear SVM trained by dual coordinate descent with shrinking
 * (Hsieh et al., ICML 2008; liblinear's L2R_L2LOSS_SVC_DUAL). The bias is a constant feature of value 1.
 * Returns weights of length columns + 1 (the last entry is the bias).
 */
export function trainBinarySvm(
  x: SparseMatrix,
  positive: (row: number) => boolean,
  options: SvmOptions,
  alphaOut?: Float64Array,
): Float32Array {
  const n = x.rows;
  const biasIndex = x.columns;
  const w = new Float64Array(x.columns + 1);
  const alpha = alphaOut ?? new Float64Array(n);
  const y = new Int8Array(n);
  const negativeDiagonal = 0.5 / options.C;
  const positiveDiagonal = 0.5 / (options.C * (options.positiveWeight ?? 1));
  const diagonalOf = new Float64Array(n);
  const qd = new Float64Array(n);
  const order = new Int32Array(n);
  const { rowStart, columnIndex, value } = x;
  for (let i = 0; i < n; i++) {
    y[i] = positive(i) ? 1 : -1;
    let squared = 1; // the bias feature
    for (let k = rowStart[i]!; k < rowStart[i + 1]!; k++) squared += value[k]! * value[k]!;
    diagonalOf[i] = y[i] === 1 ? positiveDiagonal : negativeDiagonal;
    qd[i] = squared + diagonalOf[i]!;
    order[i] = i;
  }
  let random = options.seed >>> 0 || 1;
  const nextRandom = () => {
    random ^= random << 13;
    random ^= random >>> 17;
    random ^= random << 5;
    return (random >>> 0) / 4_294_967_296;
  };
  let activeSize = n;
  let projectedMaxOld = Number.POSITIVE_INFINITY;
  for (let iteration = 0; iteration < options.maxIterations; iteration++) {
    let projectedMax = Number.NEGATIVE_INFINITY;
    let projectedMin = Number.POSITIVE_INFINITY;
    for (let s = 0; s < activeSize; s++) {
      const j = s + Math.floor(nextRandom() * (activeSize - s));
      const swap = order[s]!;
      order[s] = order[j]!;
      order[j] = swap;
    }
    for (let s = 0; s < activeSize; s++) {
      const i = order[s]!;
      const yi = y[i]!;
      const from = rowStart[i]!;
      const to = rowStart[i + 1]!;
      let margin = w[biasIndex]!;
      for (let k = from; k < to; k++) margin += w[columnIndex[k]!]! * value[k]!;
      const gradient = yi * margin - 1 + alpha[i]! * diagonalOf[i]!;
      let projected = 0;
      if (alpha[i] === 0) {
        if (gradient > projectedMaxOld) {
          // Shrink: this example is comfortably outside the margin and likely to stay there.
          activeSize--;
          order[s] = order[activeSize]!;
          order[activeSize] = i;
          s--;
          continue;
        }
        if (gradient < 0) projected = gradient;
      } else {
        projected = gradient;
      }
      if (projected > projectedMax) projectedMax = projected;
      if (projected < projectedMin) projectedMin = projected;
      if (Math.abs(projected) > 1e-12) {
        const previous = alpha[i]!;
        const next = Math.max(previous - gradient / qd[i]!, 0);
        alpha[i] = next;
        const step = (next - previous) * yi;
        for (let k = from; k < to; k++) w[columnIndex[k]!] += step * value[k]!;
        w[biasIndex] += step;
      }
    }
    if (projectedMax - projectedMin <= options.epsilon) {
      if (activeSize === n) break;
      // Converged on the active set: check every example once more before stopping.
      activeSize = n;
      projectedMaxOld = Number.POSITIVE_INFINITY;
      continue;
    }
    projectedMaxOld = projectedMax > 0 ? projectedMax : Number.POSITIVE_INFINITY;
  }
  return Float32Array.from(w);
}
