import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { trainCrammerSinger } from '../../server/nlu/crammer-singer.ts';
import { loadModel, trainModel } from '../../server/nlu/index.ts';
import type { TrainingData } from '../../server/nlu/index.ts';
import type { TrainedWeights } from '../../server/nlu/model-parts.ts';
import { SolverMemory } from '../../server/nlu/solver-memory.ts';
import { sharedSparseMatrix } from '../../server/nlu/sparse-matrix.ts';
import { syntheticProblem } from './synthetic-problem.ts';

/** Three classes, each with its own feature and a shared noise feature. */
function toyProblem() {
  const rows: { index: Int32Array; value: Float32Array }[] = [];
  const labels: number[] = [];
  for (let k = 0; k < 3; k++) {
    for (let r = 0; r < 5; r++) {
      rows.push({ index: Int32Array.of(k, 3), value: Float32Array.of(0.9, 0.1 * r) });
      labels.push(k);
    }
  }
  return { matrix: sharedSparseMatrix(rows, 4), labels: Int32Array.from(labels) };
}

/** Each class's weights (bias last) out of the solver's feature-major table. */
function perClassOf({ classes, columns, stride, w }: TrainedWeights): Float32Array[] {
  return Array.from({ length: classes }, (_, k) =>
    Float32Array.from({ length: columns + 1 }, (_, j) => w[j * stride + k]!),
  );
}

function predict(weights: Float32Array[], index: Int32Array, value: Float32Array): number {
  let best = -1;
  let bestScore = Number.NEGATIVE_INFINITY;
  weights.forEach((w, k) => {
    let score = w[w.length - 1]!;
    for (let i = 0; i < index.length; i++) score += w[index[i]!]! * value[i]!;
    if (score > bestScore) {
      bestScore = score;
      best = k;
    }
  });
  return best;
}

describe('Crammer–Singer multiclass SVM', () => {
  it('separates classes and returns a weight vector (with bias) per class', () => {
    const { matrix, labels } = toyProblem();
    const weights = perClassOf(
      trainCrammerSinger(matrix, labels, 3, { C: 1, epsilon: 0.01, maxIterations: 1000, seed: 1 }),
    );
    expect(weights).toHaveLength(3);
    expect(weights[0]).toHaveLength(5);
    for (let r = 0; r < matrix.rows; r++) {
      const from = matrix.rowStart[r]!;
      const to = matrix.rowStart[r + 1]!;
      expect(predict(weights, matrix.columnIndex.slice(from, to), matrix.value.slice(from, to))).toBe(labels[r]);
    }
  });

  it('is deterministic for a seed', () => {
    const { matrix, labels } = toyProblem();
    const options = { C: 1, epsilon: 0.1, maxIterations: 1000, seed: 7 };
    const train = () => perClassOf(trainCrammerSinger(matrix, labels, 3, options));
    expect(train()).toEqual(train());
  });

  // The benchmarks' accuracies sit on the solver's exact path (docs/decisions.md, "Training speed"):
  // a faster kernel must give the same weights bit for bit. These digests are those of the solver before its
  // kernels were rewritten; JavaScript and WebAssembly arithmetic (no fused multiply-add) gives them everywhere.
  // Above eight classes the all-classes scores are summed in single precision since the sixth pass (a new path on
  // purpose: 12 and 40 classes got new digests then); up to eight they are still the double-precision sums.
  it('trains the same weights bit for bit as the reference solver', () => {
    const expected: Record<number, string> = {
      2: '517e6ee3a5a6ff64',
      3: '133b609ce3867212',
      7: 'aca44939e3ac5b6b',
      12: 'c3f2c2af53f7b346',
      40: '822fe8feed164a00',
    };
    for (const [classes, digest] of Object.entries(expected)) {
      const K = Number(classes);
      const { matrix, labels } = syntheticProblem(K, 60 * K, K);
      const weights = perClassOf(
        trainCrammerSinger(matrix, labels, K, { C: 1, epsilon: 0.3, maxIterations: 1000, seed: 1 }),
      );
      const hash = createHash('sha256');
      for (const w of weights) hash.update(new Uint8Array(w.buffer, w.byteOffset, w.byteLength));
      expect(hash.digest('hex').slice(0, 16), `${K} classes`).toBe(digest);
    }
  });

  // The passes run in WebAssembly (solver-step.wat) wherever WebAssembly SIMD is; the JavaScript passes remain for the
  // rest, and must train the same weights.
  it('trains the same weights with its JavaScript passes as with its WebAssembly ones', () => {
    for (const K of [3, 7, 12]) {
      const { matrix, labels } = syntheticProblem(K, 60 * K, K);
      const digests = [true, false].map((webAssembly) => {
        const memory = SolverMemory.of(matrix, K);
        expect(memory.step).toBeDefined();
        if (!webAssembly) Object.defineProperty(memory, 'step', { value: undefined });
        const own = { ...matrix, rowStart: memory.rowStart, columnIndex: memory.columnIndex, value: memory.value };
        const options = { C: 1, epsilon: 0.3, maxIterations: 1000, seed: 1 };
        const hash = createHash('sha256');
        for (const w of perClassOf(trainCrammerSinger(own, labels, K, options, memory)))
          hash.update(new Uint8Array(w.buffer, w.byteOffset, w.byteLength));
        return hash.digest('hex');
      });
      expect(digests[1], `${K} classes`).toBe(digests[0]);
    }
  });

  it('leaves one-vs-rest available as an option', async () => {
    const data: TrainingData = {
      language: 'en',
      intents: [
        { id: 1, name: 'pay', templates: ['I want to pay my bill', 'pay the invoice', 'how can I pay'] },
        { id: 2, name: 'weather', templates: ['what is the weather', 'will it rain tomorrow', 'is it sunny'] },
      ],
      synonyms: [],
      entities: [],
    };
    for (const solver of ['crammer-singer', 'one-vs-rest'] as const) {
      const model = loadModel(await trainModel(data, { solver, workers: 1 }));
      expect(model.classify('can I pay the bill', { threshold: 0 }).intent?.name).toBe('pay');
      expect(model.classify('is it going to rain', { threshold: 0 }).intent?.name).toBe('weather');
    }
  });
});
