import type { SparseMatrix } from './sparse-matrix.ts';

export interface CrammerSingerOptions {
  /** Inverse regularisation strength. */
  C: number;
  /** Stopping tolerance on the largest gradient gap of an example (liblinear's default 0.1). */
  epsilon: number;
  maxIterations: number;
  seed: number;
}

/**
 * The Crammer–Singer multiclass linear SVM trained by dual coordinate descent with shrinking (Keerthi et
 * al., KDD 2008; liblinear's MCSVM_CS). One joint problem instead of one binary problem per class: every
 * class's margin is learnt against the others at once, which scored better than one-vs-rest on the
 * validation splits. The bias is a constant feature of value 1.
 * Returns, per class, weights of length columns + 1 (the last entry is the bias).
 */
export function trainCrammerSinger(
  x: SparseMatrix,
  labels: Int32Array,
  classes: number,
  options: CrammerSingerOptions,
): Float32Array[] {
  const n = x.rows;
  const K = classes;
  const C = options.C;
  const biasBase = x.columns * K;
  const { rowStart, columnIndex, value } = x;
  // Feature-major weights: the K weights of one feature are adjacent, so one pass over a row serves all classes.
  const w = new Float64Array((x.columns + 1) * K);
  const alpha = new Float64Array(n * K);
  // Per example, a permutation of the classes whose first activeClasses[i] entries are still active.
  const classOrder = new Int32Array(n * K);
  const activeClasses = new Int32Array(n);
  // Where the example's own class sits in its permutation.
  const ownPosition = new Int32Array(n);
  const qd = new Float64Array(n);
  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    let squared = 1; // the bias feature
    for (let k = rowStart[i]!; k < rowStart[i + 1]!; k++) squared += value[k]! * value[k]!;
    qd[i] = squared;
    order[i] = i;
    activeClasses[i] = K;
    ownPosition[i] = labels[i]!;
    for (let m = 0; m < K; m++) classOrder[i * K + m] = m;
  }
  const G = new Float64Array(K);
  const B = new Float64Array(K);
  const D = new Float64Array(K);
  const alphaNew = new Float64Array(K);
  const changedClass = new Int32Array(K);
  const change = new Float64Array(K);
  let random = options.seed >>> 0 || 1;
  const nextRandom = () => {
    random ^= random << 13;
    random ^= random >>> 17;
    random ^= random << 5;
    return (random >>> 0) / 4_294_967_296;
  };
  // An active class is shrunk when its alpha sits at its bound and its gradient says it will stay there.
  const shrinkable = (i: number, position: number, minG: number) => {
    const bound = position === ownPosition[i] ? C : 0;
    return alpha[i * K + classOrder[i * K + position]!] === bound && G[position]! < minG;
  };
  let activeSize = n;
  let shrinkEpsilon = Math.max(10 * options.epsilon, 1);
  let startFromAll = true;
  for (let iteration = 0; iteration < options.maxIterations; iteration++) {
    let stopping = Number.NEGATIVE_INFINITY;
    for (let s = 0; s < activeSize; s++) {
      const j = s + Math.floor(nextRandom() * (activeSize - s));
      const swap = order[s]!;
      order[s] = order[j]!;
      order[j] = swap;
    }
    for (let s = 0; s < activeSize; s++) {
      const i = order[s]!;
      const base = i * K;
      const Ai = qd[i]!;
      let active = activeClasses[i]!;
      const from = rowStart[i]!;
      const to = rowStart[i + 1]!;
      for (let m = 0; m < active; m++) G[m] = 1 + w[biasBase + classOrder[base + m]!]!;
      if (ownPosition[i]! < active) G[ownPosition[i]!] -= 1;
      for (let k = from; k < to; k++) {
        const row = columnIndex[k]! * K;
        const v = value[k]!;
        for (let m = 0; m < active; m++) G[m] += w[row + classOrder[base + m]!]! * v;
      }
      let minG = Number.POSITIVE_INFINITY;
      let maxG = Number.NEGATIVE_INFINITY;
      for (let m = 0; m < active; m++) {
        if (alpha[base + classOrder[base + m]!]! < 0 && G[m]! < minG) minG = G[m]!;
        if (G[m]! > maxG) maxG = G[m]!;
      }
      const own = ownPosition[i]!;
      if (own < active && alpha[base + labels[i]!]! < C && G[own]! < minG) minG = G[own]!;
      for (let m = 0; m < active; m++) {
        if (!shrinkable(i, m, minG)) continue;
        active--;
        while (active > m) {
          if (!shrinkable(i, active, minG)) {
            const swapClass = classOrder[base + m]!;
            classOrder[base + m] = classOrder[base + active]!;
            classOrder[base + active] = swapClass;
            const swapG = G[m]!;
            G[m] = G[active]!;
            G[active] = swapG;
            if (ownPosition[i] === active) ownPosition[i] = m;
            else if (ownPosition[i] === m) ownPosition[i] = active;
            break;
          }
          active--;
        }
      }
      activeClasses[i] = active;
      if (active <= 1) {
        activeSize--;
        order[s] = order[activeSize]!;
        order[activeSize] = i;
        s--;
        continue;
      }
      if (maxG - minG <= 1e-12) continue;
      if (maxG - minG > stopping) stopping = maxG - minG;
      for (let m = 0; m < active; m++) B[m] = G[m]! - Ai * alpha[base + classOrder[base + m]!]!;
      solveSubProblem(Ai, ownPosition[i]!, C, active, B, D, alphaNew);
      let changed = 0;
      for (let m = 0; m < active; m++) {
        const k = classOrder[base + m]!;
        const d = alphaNew[m]! - alpha[base + k]!;
        alpha[base + k] = alphaNew[m]!;
        if (Math.abs(d) >= 1e-12) {
          changedClass[changed] = k;
          change[changed++] = d;
        }
      }
      for (let k = from; k < to; k++) {
        const row = columnIndex[k]! * K;
        const v = value[k]!;
        for (let q = 0; q < changed; q++) w[row + changedClass[q]!] += change[q]! * v;
      }
      for (let q = 0; q < changed; q++) w[biasBase + changedClass[q]!] += change[q]!;
    }
    if (stopping < shrinkEpsilon) {
      if (stopping < options.epsilon && startFromAll) break;
      // Converged on the active set: bring every example and class back and tighten the tolerance.
      activeSize = n;
      activeClasses.fill(K);
      shrinkEpsilon = Math.max(shrinkEpsilon / 2, options.epsilon);
      startFromAll = true;
    } else {
      startFromAll = false;
    }
  }
  const perClass: Float32Array[] = [];
  for (let m = 0; m < K; m++) {
    const weights = new Float32Array(x.columns + 1);
    for (let j = 0; j <= x.columns; j++) weights[j] = w[j * K + m]!;
    perClass.push(weights);
  }
  return perClass;
}

/** The closed-form solution of one example's sub-problem over its active classes (liblinear's solve_sub_problem). */
function solveSubProblem(
  Ai: number,
  own: number,
  C: number,
  active: number,
  B: Float64Array,
  D: Float64Array,
  alphaNew: Float64Array,
): void {
  for (let m = 0; m < active; m++) D[m] = B[m]!;
  if (own < active) D[own] += Ai * C;
  const sorted = D.subarray(0, active).sort(); // ascending: read from the end
  let beta = sorted[active - 1]! - Ai * C;
  let r = 1;
  for (; r < active && beta < r * sorted[active - 1 - r]!; r++) beta += sorted[active - 1 - r]!;
  beta /= r;
  for (let m = 0; m < active; m++) {
    const step = (beta - B[m]!) / Ai;
    alphaNew[m] = m === own ? Math.min(C, step) : Math.min(0, step);
  }
}
