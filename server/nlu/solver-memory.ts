import { scoreKernel } from './score-kernel.ts';
import type { ScoreKernel, UpdateKernel } from './score-kernel.ts';
import { solverStep } from './solver-step.ts';
import type { SolverStep } from './solver-step.ts';
import type { SparseMatrix } from './sparse-matrix.ts';

/**
 * Entries per feature in the solver's weights: K rounded up to whole 64-byte cache lines when there are more than 8
 * classes (room for the SIMD kernel's four classes at a time: the padding's weights stay zero).
 */
export const weightStride = (classes: number): number => (classes > 8 ? (classes + 15) & ~15 : classes);

/**
 * A row's squared norm with the bias feature (a constant 1) counted first: the solver's diagonal entry of the row
 * (liblinear's QD). Every memory's `qd` holds it for each row before the solver starts: `weighRows` sums it as it
 * writes a row here, `SolverMemory.of` as it copies one in.
 */
export function squaredNormWithBias(value: Float32Array, from: number, to: number): number {
  let squared = 1;
  for (let k = from; k < to; k++) {
    const v = value[k]!;
    squared += v * v;
  }
  return squared;
}

/**
 * Everything the Crammer–Singer solver reads at each step in one WebAssembly memory (an ArrayBuffer where
 * WebAssembly SIMD is missing), where its kernels and its passes (solver-step.wat) work: the weights, the training
 * rows, the scores and steps, the dual variables and the class orders.
 * The rows are written here by the featurisation itself (`trainingMatrix` with a memory), so the solver reads them
 * in place: every page of fresh memory costs a page fault on first touch (about 11 µs each on this project's
 * virtual machines: 2.8 ms per megabyte), and the copies the solver used to make of SNIPS's 1.6 million non-zeros
 * (a column offset and a double per non-zero, 12 bytes each) were 19 MB of them.
 */
export class SolverMemory {
  readonly classes: number;
  readonly columns: number;
  readonly stride: number;
  readonly kernel: { score: ScoreKernel; score32: ScoreKernel; update: UpdateKernel } | undefined;
  /** The solver's passes in WebAssembly (solver-step.ts), where the kernels are. */
  readonly step: SolverStep | undefined;
  /** Byte addresses in the memory, for the kernels and the passes. */
  readonly address = {
    w: 0,
    columnIndex: 0,
    value: 0,
    rowStart: 0,
    scores: 0,
    steps: 0,
    alpha: 0,
    qd: 0,
    G: 0,
    B: 0,
    D: 0,
    alphaNew: 0,
    change: 0,
    classOrder: 0,
    activeClasses: 0,
    ownPosition: 0,
    order: 0,
    changedClass: 0,
  };
  /** Feature-major weights: class m's weight of column j at w[j × stride + m]; the bias is column `columns`. */
  readonly w: Float32Array;
  readonly rowStart: Int32Array;
  readonly columnIndex: Int32Array;
  readonly value: Float32Array;
  readonly scores: Float64Array;
  /** The same place read as single-precision scores (the score32 kernel's). */
  readonly scores32: Float32Array;
  readonly steps: Float64Array;
  /**
   * The dual problem's state (crammer-singer.ts's CrammerSingerProblem): per example × class the alphas and the class
   * order, per example its active classes, own class's position, squared norm and place in the order of the pass; one
   * step's scratch, a class each.
   */
  readonly alpha: Float64Array;
  readonly qd: Float64Array;
  readonly G: Float64Array;
  readonly B: Float64Array;
  readonly D: Float64Array;
  readonly alphaNew: Float64Array;
  readonly change: Float64Array;
  readonly classOrder: Int32Array;
  readonly activeClasses: Int32Array;
  readonly ownPosition: Int32Array;
  readonly order: Int32Array;
  readonly changedClass: Int32Array;

  /** The byte address after the last array. */
  readonly end: number;

  /**
   * Room for `rows` rows of at most `entries` non-zeros in all, over `columns` columns, and K = `classes`. With `host`,
   * the arrays are laid out in that WebAssembly memory from byte `host.base` on, and it grows to hold them and
   * `host.after` bytes more (a grown memory's views stop working, so it grows once): the training's featurisation
   * worked there, and writes the rows where the solver reads them.
   */
  constructor(
    columns: number,
    classes: number,
    rows: number,
    entries: number,
    host?: { memory: WebAssembly.Memory; base: number; after: number },
  ) {
    this.classes = classes;
    this.columns = columns;
    this.stride = weightStride(classes);
    const address = this.address;
    const nonZeros = Math.max(1, entries);
    // The weights' 16 spare entries cover the kernel's reads of the classes rounded up to four.
    const weights = (columns + 1) * this.stride + 16;
    // A whole cache line from the host's arrays (without a host: the memory's own start).
    address.w = host ? (host.base + 63) & ~63 : 0;
    address.columnIndex = address.w + 4 * weights;
    address.value = address.columnIndex + 4 * nonZeros;
    address.rowStart = address.value + 4 * nonZeros;
    address.scores = (address.rowStart + 4 * (rows + 1) + 7) & ~7;
    // The kernel writes the scores of the classes rounded up to four.
    address.steps = address.scores + 8 * Math.max(this.stride, (classes + 3) & ~3);
    // The problem's doubles, then its integers.
    const K = classes;
    address.alpha = address.steps + 8 * 8;
    address.qd = address.alpha + 8 * rows * K;
    address.G = address.qd + 8 * rows;
    address.B = address.G + 8 * K;
    address.D = address.B + 8 * K;
    address.alphaNew = address.D + 8 * K;
    address.change = address.alphaNew + 8 * K;
    address.classOrder = address.change + 8 * K;
    address.activeClasses = address.classOrder + 4 * rows * K;
    address.ownPosition = address.activeClasses + 4 * rows;
    address.order = address.ownPosition + 4 * rows;
    address.changedClass = address.order + 4 * rows;
    const bytes = address.changedClass + 4 * K;
    this.end = bytes;
    const kernel = scoreKernel(host ? bytes + host.after : bytes, host?.memory);
    this.kernel = kernel && { score: kernel.score, score32: kernel.score32, update: kernel.update };
    this.step = kernel && solverStep(kernel.memory, this.kernel!);
    const buffer = kernel ? kernel.memory.buffer : new ArrayBuffer(bytes);
    this.w = new Float32Array(buffer, address.w, weights);
    this.columnIndex = new Int32Array(buffer, address.columnIndex, nonZeros);
    this.value = new Float32Array(buffer, address.value, nonZeros);
    this.rowStart = new Int32Array(buffer, address.rowStart, rows + 1);
    this.scores = new Float64Array(buffer, address.scores, this.stride);
    this.scores32 = new Float32Array(buffer, address.scores, this.stride);
    this.steps = new Float64Array(buffer, address.steps, 8);
    this.alpha = new Float64Array(buffer, address.alpha, rows * K);
    this.qd = new Float64Array(buffer, address.qd, rows);
    this.G = new Float64Array(buffer, address.G, K);
    this.B = new Float64Array(buffer, address.B, K);
    this.D = new Float64Array(buffer, address.D, K);
    this.alphaNew = new Float64Array(buffer, address.alphaNew, K);
    this.change = new Float64Array(buffer, address.change, K);
    this.classOrder = new Int32Array(buffer, address.classOrder, rows * K);
    this.activeClasses = new Int32Array(buffer, address.activeClasses, rows);
    this.ownPosition = new Int32Array(buffer, address.ownPosition, rows);
    this.order = new Int32Array(buffer, address.order, rows);
    this.changedClass = new Int32Array(buffer, address.changedClass, K);
  }

  /** Where the bias's weights start in `w`: the bias is a constant feature of value 1, the column after the last. */
  get biasBase(): number {
    return this.columns * this.stride;
  }

  /** The WebAssembly passes set up for this memory's problem and regularisation C; undefined without SIMD. */
  passes(C: number): SolverStep | undefined {
    if (!this.step) return undefined;
    const at = this.address;
    this.step.setup(
      this.classes,
      this.stride,
      this.biasBase,
      C,
      at.w,
      at.columnIndex,
      at.value,
      at.rowStart,
      at.scores,
      at.steps,
      at.alpha,
      at.classOrder,
      at.activeClasses,
      at.ownPosition,
      at.qd,
      at.order,
      at.G,
      at.B,
      at.D,
      at.alphaNew,
      at.changedClass,
      at.change,
    );
    return this.step;
  }

  /** A memory holding a copy of the matrix (rows made elsewhere: the training threads', one-vs-rest's). */
  static of(x: SparseMatrix, classes: number): SolverMemory {
    const nonZeros = x.rowStart[x.rows]!;
    const memory = new SolverMemory(x.columns, classes, x.rows, nonZeros);
    const { rowStart, value, qd } = memory;
    rowStart.set(x.rowStart.subarray(0, x.rows + 1));
    memory.columnIndex.set(x.columnIndex.subarray(0, nonZeros));
    value.set(x.value.subarray(0, nonZeros));
    for (let i = 0; i < x.rows; i++) qd[i] = squaredNormWithBias(value, rowStart[i]!, rowStart[i + 1]!);
    return memory;
  }

  /** Whether the matrix's rows are this memory's own (then the solver reads them where they are). */
  holds(x: SparseMatrix, classes: number): boolean {
    return (
      classes === this.classes &&
      x.columns === this.columns &&
      x.rowStart === this.rowStart &&
      x.columnIndex === this.columnIndex &&
      x.value === this.value
    );
  }
}
