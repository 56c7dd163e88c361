import type { TrainedWeights } from './model-parts.ts';
import type { ScoreKernel, UpdateKernel } from './score-kernel.ts';
import { SolverMemory } from './solver-memory.ts';
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
 * validation splits. The bias is a constant feature of value 1. `memory`, when it holds the matrix's rows
 * (trainingMatrix wrote them there), is where the solver works; otherwise the rows are copied into a memory of its
 * own. Returns the weights feature-major, in the memory (the bias is column `columns`).
 */
export function trainCrammerSinger(
  x: SparseMatrix,
  labels: Int32Array,
  classes: number,
  options: CrammerSingerOptions,
  memory?: SolverMemory,
): TrainedWeights {
  const n = x.rows;
  const K = classes;
  const solverMemory = memory?.holds(x, K) ? memory : SolverMemory.of(x, K);
  const problem = new CrammerSingerProblem(solverMemory, labels, options.C);
  const order = solverMemory.order;
  for (let i = 0; i < n; i++) order[i] = i;
  const step = solverMemory.passes(options.C);
  const random = new Uint32Array([options.seed >>> 0 || 1]);
  const active = { size: n };
  let shrinkEpsilon = Math.max(10 * options.epsilon, 1);
  let startFromAll = true;
  for (let iteration = 0; iteration < options.maxIterations; iteration++) {
    let stopping: number;
    if (step) {
      // The same pass in WebAssembly (solver-step.wat): the same weights, no interpreter while V8 warms up.
      shuffle(order, active.size, random);
      active.size = step.pass(active.size);
      stopping = step.largestGap();
    } else {
      stopping = solvePass(problem, order, active, random);
    }
    if (stopping < shrinkEpsilon) {
      if (stopping < options.epsilon && startFromAll) break;
      // Converged on the active set: bring every example and class back and tighten the tolerance.
      active.size = n;
      problem.activeClasses.fill(K);
      shrinkEpsilon = Math.max(shrinkEpsilon / 2, options.epsilon);
      startFromAll = true;
    } else {
      startFromAll = false;
    }
  }
  return { classes: K, columns: x.columns, stride: problem.stride, w: problem.w };
}

/**
 * The dual problem's state and one coordinate step on one example. Where WebAssembly SIMD is, the passes run in
 * solver-step.wat instead, the same operations in the same order over the same arrays (in the solver's memory); these
 * methods are its reference and the fallback. A small method called once per row:
 * V8 optimises it after a few hundred rows, while one large function that is entered once kept falling back
 * from optimised code (on-stack replacement, deoptimisation at every branch not seen yet) and ran slower.
 */
class CrammerSingerProblem {
  readonly K: number;
  /** Entries per feature in `w` (solver-memory.ts, weightStride). */
  readonly stride: number;
  /**
   * The WebAssembly SIMD kernel of scoreAllClasses (score-kernel.ts), and where its arrays sit in its memory. For
   * every number of classes: it was kept above 8 when SNIPS's 7 measured slower with it, but with the active-class
   * and update kernels in locals SNIPS's solver took less of the main thread's CPU time with it (in one process,
   * eight alternating solves: median 190 ms against 232 ms; fresh processes, eight interleaved pairs on a loaded
   * machine: median 0.48 s against 0.55 s of the main thread for the whole training).
   */
  readonly kernel: ScoreKernel | undefined;
  /**
   * Above eight classes, every class's score summed in single precision (score-kernel.ts, score32): four classes per
   * SIMD lane group instead of two. Not the double-precision sums of before, so not the same weights bit for bit, but
   * the same test accuracy on BANKING77, HWU64 and CLINC150 (92.18 / 89.59 / 93.53 %) for 6–12 % less training time.
   */
  readonly kernel32: ScoreKernel | undefined;
  readonly scores32: Float32Array;
  /** Byte addresses of the weights, rows, scores and steps in the kernel's memory. */
  readonly address: SolverMemory['address'];
  /**
   * The WebAssembly update of every class at once, for at most eight classes (a row of the weights is then within
   * the kernel's eight lanes): the steps of the classes that changed, zero for the others, in `steps`. SNIPS's
   * solves in one process, sixteen alternating pairs: 2.92 s against 3.10 s of CPU in all (the JavaScript update
   * went over the row once for four classes, once for two and once for one).
   */
  readonly update: UpdateKernel | undefined;
  readonly steps: Float64Array;
  readonly C: number;
  readonly biasBase: number;
  readonly rowStart: Int32Array;
  /**
   * The rows' columns and values, read where the featurisation wrote them (a feature's weights start at its column
   * times the stride). A column offset and a double per non-zero, computed once, saved ~8% of BANKING77's solver
   * CPU time on a loaded machine but cost 12 bytes of fresh memory per non-zero: 19 MB of page faults on SNIPS,
   * ~50 ms on this project's virtual machines, more than they saved.
   */
  readonly columnIndex: Int32Array;
  readonly value: Float32Array;
  readonly labels: Int32Array;
  /**
   * Feature-major weights: the K weights of one feature are adjacent, so one pass over a row serves all classes.
   * Single precision: with dozens of classes a row's scoring reads K weights per non-zero from a table too large
   * for the cache, and half the bytes made the solver about 15% faster on BANKING77 (77 classes); the model
   * stores the weights quantised anyway, and the validation and test accuracies stayed the same or rose.
   */
  readonly w: Float32Array;
  /**
   * Per example, the dual variables in the order of classOrder (alpha[i × K + m] is class classOrder[i × K + m]'s),
   * swapped with it: the active classes' sit together at the front, one or two cache lines, where indexing by class
   * read one line per active class of a table too large to stay cached (BANKING77: 77 × 8 bytes an example; the
   * solver ~4% faster, the same weights bit for bit).
   */
  readonly alpha: Float64Array;
  /** Per example, a permutation of the classes whose first activeClasses[i] entries are still active. */
  readonly classOrder: Int32Array;
  readonly activeClasses: Int32Array;
  /** Where the example's own class sits in its permutation. */
  readonly ownPosition: Int32Array;
  readonly qd: Float64Array;
  readonly G: Float64Array;
  readonly scores: Float64Array;
  readonly B: Float64Array;
  readonly D: Float64Array;
  readonly alphaNew: Float64Array;
  readonly changedClass: Int32Array;
  readonly change: Float64Array;

  constructor(memory: SolverMemory, labels: Int32Array, C: number) {
    const K = memory.classes;
    const n = memory.rowStart.length - 1;
    this.K = K;
    this.C = C;
    this.stride = memory.stride;
    this.biasBase = memory.biasBase;
    this.rowStart = memory.rowStart;
    this.address = memory.address;
    this.kernel = memory.kernel?.score;
    this.kernel32 = K > 8 ? memory.kernel?.score32 : undefined;
    this.scores32 = memory.scores32;
    this.update = K <= 8 ? memory.kernel?.update : undefined;
    this.w = memory.w;
    this.columnIndex = memory.columnIndex;
    this.value = memory.value;
    this.scores = memory.scores;
    this.steps = memory.steps;
    this.labels = labels;
    // Written before it is read, as the weights below: a fresh page read first is mapped to the zero page and faults
    // again at its first write (BANKING77: 15 MB of weights and dual variables were 31 MB of page faults, 2.8 ms a
    // megabyte on this project's AMD virtual machines).
    this.alpha = memory.alpha.fill(0);
    memory.w.fill(0);
    this.classOrder = memory.classOrder;
    this.activeClasses = memory.activeClasses.fill(K);
    this.ownPosition = memory.ownPosition;
    this.qd = memory.qd;
    // The rows' squared norms are in memory.qd already (squaredNormWithBias). In locals: the constructor's loops over
    // `this.…` were a tenth of SNIPS's solver.
    const { ownPosition, classOrder } = this;
    for (let i = 0; i < n; i++) {
      ownPosition[i] = labels[i]!;
      for (let m = 0; m < K; m++) classOrder[i * K + m] = m;
    }
    this.G = memory.G;
    this.B = memory.B;
    this.D = memory.D;
    this.alphaNew = memory.alphaNew;
    this.changedClass = memory.changedClass;
    this.change = memory.change;
  }

  /**
   * Optimises example i's dual variables over its active classes; returns its largest gradient gap, or -1
   * when at most one class is left active (the example is shrunk). Most classes still active: every class's
   * score in one contiguous pass (the SIMD kernel), then picked in active order.
   */
  stepAllClasses(i: number): number {
    const { K, classOrder, G, scores } = this;
    const base = i * K;
    const active = this.activeClasses[i]!;
    const from = this.rowStart[i]!;
    const to = this.rowStart[i + 1]!;
    if (this.kernel32) {
      const { w, columnIndex, value, scores: out } = this.address;
      this.kernel32(w, this.biasBase, this.stride, columnIndex, value, from, to, out, this.stride);
      const scores32 = this.scores32;
      for (let m = 0; m < active; m++) G[m] = 1 + scores32[classOrder[base + m]!]!;
      return this.finishStep(i, active, from, to);
    }
    if (this.kernel) {
      const { w, columnIndex, value, scores: out } = this.address;
      this.kernel(w, this.biasBase, (K + 3) & ~3, columnIndex, value, from, to, out, this.stride);
    } else {
      scoreAllClasses(this, from, to, scores);
    }
    for (let m = 0; m < active; m++) G[m] = 1 + scores[classOrder[base + m]!]!;
    return this.finishStep(i, active, from, to);
  }

  /**
   * stepAllClasses when fewer than half the classes are left: only theirs are scored. A method of its own (the
   * caller picks one): when `step` held both branches, the first row of the shrinking phase threw away its
   * optimised code (no feedback yet for this branch) and V8 compiled the whole of it again.
   */
  stepFewClasses(i: number): number {
    const base = i * this.K;
    const active = this.activeClasses[i]!;
    const from = this.rowStart[i]!;
    const to = this.rowStart[i + 1]!;
    scoreActiveClasses(this, from, to, base, active);
    return this.finishStep(i, active, from, to);
  }

  /** The rest of a step, from 1 + the active classes' scores in G: gradients, shrinking, sub-problem, update. */
  finishStep(i: number, activeBefore: number, from: number, to: number): number {
    const { K, C, alpha, classOrder, ownPosition, G } = this;
    const base = i * K;
    const own = ownPosition[i]!;
    if (own < activeBefore) G[own] -= 1;
    let minG = Number.POSITIVE_INFINITY;
    let maxG = Number.NEGATIVE_INFINITY;
    for (let m = 0; m < activeBefore; m++) {
      const g = G[m]!;
      if (g < minG && alpha[base + m]! < 0) minG = g;
      if (g > maxG) maxG = g;
    }
    if (own < activeBefore && alpha[base + own]! < C && G[own]! < minG) minG = G[own]!;
    const active = shrinkClasses(alpha, classOrder, ownPosition, G, i, K, activeBefore, C, minG);
    this.activeClasses[i] = active;
    if (active <= 1) return -1;
    const gap = maxG - minG;
    if (gap <= 1e-12) return gap;
    const Ai = this.qd[i]!;
    const { B, alphaNew, changedClass, change } = this;
    for (let m = 0; m < active; m++) B[m] = G[m]! - Ai * alpha[base + m]!;
    solveSubProblem(Ai, ownPosition[i]!, C, active, B, this.D, alphaNew);
    let changed = 0;
    for (let m = 0; m < active; m++) {
      const k = classOrder[base + m]!;
      const d = alphaNew[m]! - alpha[base + m]!;
      alpha[base + m] = alphaNew[m]!;
      if (Math.abs(d) >= 1e-12) {
        changedClass[changed] = k;
        change[changed++] = d;
      }
    }
    updateWeights(this, from, to, changed);
    return gap;
  }
}

/**
 * One pass over the active examples in a new random order; returns the largest gradient gap. Examples left with
 * one class move behind `active.size`. A function of its own, so that V8 optimises the loop over the rows
 * once, not again at each branch of the outer loop it had not yet run (the end of a pass, the restarts).
 */
function solvePass(
  problem: CrammerSingerProblem,
  order: Int32Array,
  active: { size: number },
  random: Uint32Array,
): number {
  const { K, activeClasses } = problem;
  let activeSize = active.size;
  let stopping = Number.NEGATIVE_INFINITY;
  shuffle(order, activeSize, random);
  for (let s = 0; s < activeSize; s++) {
    const i = order[s]!;
    const gap = 2 * activeClasses[i]! >= K ? problem.stepAllClasses(i) : problem.stepFewClasses(i);
    if (gap < 0) {
      // No class of this example can move any more: leave it out until the next pass over all.
      activeSize--;
      order[s] = order[activeSize]!;
      order[activeSize] = i;
      s--;
    } else if (gap > stopping) {
      stopping = gap;
    }
  }
  active.size = activeSize;
  return stopping;
}

/** Fisher–Yates over the first `size` entries with a xorshift generator (state in `random[0]`). */
function shuffle(order: Int32Array, size: number, random: Uint32Array): void {
  let state = random[0]!;
  for (let s = 0; s < size; s++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    const j = s + Math.floor(((state >>> 0) / 4_294_967_296) * (size - s));
    const swap = order[s]!;
    order[s] = order[j]!;
    order[j] = swap;
  }
  random[0] = state;
}

/**
 * Every class's score w·x + bias of one row, four classes per pass over the row with the sums in locals
 * (twice as fast as one pass that adds into an array of K sums).
 */
function scoreAllClasses(problem: CrammerSingerProblem, from: number, to: number, scores: Float64Array): void {
  const { w, K, biasBase, columnIndex, value, stride } = problem;
  let m = 0;
  for (; m + 4 <= K; m += 4) {
    let s0 = w[biasBase + m]!;
    let s1 = w[biasBase + m + 1]!;
    let s2 = w[biasBase + m + 2]!;
    let s3 = w[biasBase + m + 3]!;
    for (let k = from; k < to; k++) {
      const at = columnIndex[k]! * stride + m;
      const v = value[k]!;
      s0 += w[at]! * v;
      s1 += w[at + 1]! * v;
      s2 += w[at + 2]! * v;
      s3 += w[at + 3]! * v;
    }
    scores[m] = s0;
    scores[m + 1] = s1;
    scores[m + 2] = s2;
    scores[m + 3] = s3;
  }
  if (K - m >= 2) {
    let s0 = w[biasBase + m]!;
    let s1 = w[biasBase + m + 1]!;
    for (let k = from; k < to; k++) {
      const at = columnIndex[k]! * stride + m;
      const v = value[k]!;
      s0 += w[at]! * v;
      s1 += w[at + 1]! * v;
    }
    scores[m] = s0;
    scores[m + 1] = s1;
    m += 2;
  }
  if (m < K) {
    let s0 = w[biasBase + m]!;
    for (let k = from; k < to; k++) s0 += w[columnIndex[k]! * stride + m]! * value[k]!;
    scores[m] = s0;
  }
}

/**
 * 1 + score of the row's active classes, in their active order (few classes left: skip the others). Four classes
 * per pass over the row with the sums in locals, as scoreAllClasses: each class's sum is still its bias and then
 * its products in feature order, so the scores are the same bit for bit as one pass adding into G; a sum kept in
 * G made every non-zero wait on the store of the one before (BANKING77: this and the update below were ~40% of
 * the solver's time for a tenth of its multiply-adds).
 */
function scoreActiveClasses(
  problem: CrammerSingerProblem,
  from: number,
  to: number,
  base: number,
  active: number,
): void {
  const { w, biasBase, columnIndex, value, stride, classOrder, G } = problem;
  let m = 0;
  for (; m + 4 <= active; m += 4) {
    const c0 = classOrder[base + m]!;
    const c1 = classOrder[base + m + 1]!;
    const c2 = classOrder[base + m + 2]!;
    const c3 = classOrder[base + m + 3]!;
    let s0 = 1 + w[biasBase + c0]!;
    let s1 = 1 + w[biasBase + c1]!;
    let s2 = 1 + w[biasBase + c2]!;
    let s3 = 1 + w[biasBase + c3]!;
    for (let k = from; k < to; k++) {
      const row = columnIndex[k]! * stride;
      const v = value[k]!;
      s0 += w[row + c0]! * v;
      s1 += w[row + c1]! * v;
      s2 += w[row + c2]! * v;
      s3 += w[row + c3]! * v;
    }
    G[m] = s0;
    G[m + 1] = s1;
    G[m + 2] = s2;
    G[m + 3] = s3;
  }
  if (active - m >= 2) {
    const c0 = classOrder[base + m]!;
    const c1 = classOrder[base + m + 1]!;
    let s0 = 1 + w[biasBase + c0]!;
    let s1 = 1 + w[biasBase + c1]!;
    for (let k = from; k < to; k++) {
      const row = columnIndex[k]! * stride;
      const v = value[k]!;
      s0 += w[row + c0]! * v;
      s1 += w[row + c1]! * v;
    }
    G[m] = s0;
    G[m + 1] = s1;
    m += 2;
  }
  if (m < active) {
    const c0 = classOrder[base + m]!;
    let s0 = 1 + w[biasBase + c0]!;
    for (let k = from; k < to; k++) s0 += w[columnIndex[k]! * stride + c0]! * value[k]!;
    G[m] = s0;
  }
}

/**
 * Adds the row times each changed class's step to that class's weights (bias included), four classes per pass
 * over the row with their steps in locals. Each weight is changed once per step, so the order of the classes
 * does not matter: the weights are the same bit for bit as one pass over the row updating every class.
 */
function updateWeights(problem: CrammerSingerProblem, from: number, to: number, changed: number): void {
  const { w, biasBase, columnIndex, value, stride, changedClass, change } = problem;
  if (problem.update && changed > 0) {
    const { steps, address } = problem;
    steps.fill(0);
    for (let c = 0; c < changed; c++) steps[changedClass[c]!] = change[c]!;
    problem.update(address.w, address.columnIndex, address.value, from, to, address.steps, problem.stride);
    for (let c = 0; c < changed; c++) w[biasBase + changedClass[c]!] += change[c]!;
    return;
  }
  let q = 0;
  for (; q + 4 <= changed; q += 4) {
    const c0 = changedClass[q]!;
    const c1 = changedClass[q + 1]!;
    const c2 = changedClass[q + 2]!;
    const c3 = changedClass[q + 3]!;
    const d0 = change[q]!;
    const d1 = change[q + 1]!;
    const d2 = change[q + 2]!;
    const d3 = change[q + 3]!;
    for (let k = from; k < to; k++) {
      const row = columnIndex[k]! * stride;
      const v = value[k]!;
      w[row + c0] += d0 * v;
      w[row + c1] += d1 * v;
      w[row + c2] += d2 * v;
      w[row + c3] += d3 * v;
    }
  }
  if (changed - q >= 2) {
    const c0 = changedClass[q]!;
    const c1 = changedClass[q + 1]!;
    const d0 = change[q]!;
    const d1 = change[q + 1]!;
    for (let k = from; k < to; k++) {
      const row = columnIndex[k]! * stride;
      const v = value[k]!;
      w[row + c0] += d0 * v;
      w[row + c1] += d1 * v;
    }
    q += 2;
  }
  if (q < changed) {
    const c0 = changedClass[q]!;
    const d0 = change[q]!;
    for (let k = from; k < to; k++) w[columnIndex[k]! * stride + c0] += d0 * value[k]!;
  }
  for (let c = 0; c < changed; c++) w[biasBase + changedClass[c]!] += change[c]!;
}

/**
 * Moves the row's classes that sit at their bound with a gradient that keeps them there behind the active
 * ones (their gradients with them) and returns the new number of active classes.
 */
function shrinkClasses(
  alpha: Float64Array,
  classOrder: Int32Array,
  ownPosition: Int32Array,
  G: Float64Array,
  i: number,
  K: number,
  active: number,
  C: number,
  minG: number,
): number {
  const base = i * K;
  for (let m = 0; m < active; m++) {
    if (!isShrinkable(alpha, ownPosition, G, i, base, m, C, minG)) continue;
    active--;
    while (active > m) {
      if (!isShrinkable(alpha, ownPosition, G, i, base, active, C, minG)) {
        const swapClass = classOrder[base + m]!;
        classOrder[base + m] = classOrder[base + active]!;
        classOrder[base + active] = swapClass;
        const swapG = G[m]!;
        G[m] = G[active]!;
        G[active] = swapG;
        const swapAlpha = alpha[base + m]!;
        alpha[base + m] = alpha[base + active]!;
        alpha[base + active] = swapAlpha;
        if (ownPosition[i] === active) ownPosition[i] = m;
        else if (ownPosition[i] === m) ownPosition[i] = active;
        break;
      }
      active--;
    }
  }
  return active;
}

/** An active class is shrunk when its alpha sits at its bound and its gradient says it will stay there. */
function isShrinkable(
  alpha: Float64Array,
  ownPosition: Int32Array,
  G: Float64Array,
  i: number,
  base: number,
  position: number,
  C: number,
  minG: number,
): boolean {
  const bound = position === ownPosition[i] ? C : 0;
  return alpha[base + position] === bound && G[position]! < minG;
}

/**
 * The closed-form solution of one example's sub-problem over its active classes (liblinear's solve_sub_problem).
 * liblinear sorts D and reads it from the largest down until β settles, which takes the few largest: they are
 * selected one at a time instead (the same values in the same order, so the same β bit for bit; sorting all 77 of
 * BANKING77's classes at every step was a twentieth of its solver).
 */
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
  const top = active - 1;
  moveLargestTo(D, top);
  let beta = D[top]! - Ai * C;
  let r = 1;
  for (; r < active; r++) {
    moveLargestTo(D, top - r);
    if (!(beta < r * D[top - r]!)) break;
    beta += D[top - r]!;
  }
  beta /= r;
  for (let m = 0; m < active; m++) {
    const step = (beta - B[m]!) / Ai;
    alphaNew[m] = m === own ? Math.min(C, step) : Math.min(0, step);
  }
}

/** Swaps the largest of values[0..last] into values[last]. */
function moveLargestTo(values: Float64Array, last: number): void {
  let largest = last;
  for (let i = 0; i < last; i++) if (values[i]! > values[largest]!) largest = i;
  const swap = values[last]!;
  values[last] = values[largest]!;
  values[largest] = swap;
}
