import { describe, expect, it } from 'vitest';
import { scoreKernel } from '../../server/nlu/score-kernel.ts';

/** Four rows over 50 columns (a repeated column, a single one, an empty row), random weights, in a kernel memory. */
function scoringProblem(classes: number, stride: number, seed: number) {
  const columns = 50;
  const rows = [[3, 17, 17, 42, 0], [49], [], [5, 6, 7, 8, 9, 10, 11, 12]];
  const nonZeros = rows.reduce((n, r) => n + r.length, 0);
  const weights = (columns + 1) * stride + 16;
  const columnAddress = 4 * weights;
  const valueAddress = columnAddress + 4 * nonZeros;
  const scoresAddress = (valueAddress + 4 * nonZeros + 15) & ~15;
  const kernel = scoreKernel(scoresAddress + 8 * stride)!;
  expect(kernel).toBeDefined();
  const w = new Float32Array(kernel.memory.buffer, 0, weights);
  const column = new Int32Array(kernel.memory.buffer, columnAddress, nonZeros);
  const value = new Float32Array(kernel.memory.buffer, valueAddress, nonZeros);
  let state = seed;
  const random = () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state / 0x7fffffff - 0.5;
  };
  for (let j = 0; j < weights; j++) if (j % stride < classes) w[j] = random();
  let k = 0;
  for (const row of rows) {
    for (const c of row) {
      column[k] = c;
      value[k++] = random();
    }
  }
  // Each row's non-zeros, [from, to).
  const ranges: (readonly [number, number])[] = [];
  for (const row of rows) {
    const from = ranges.at(-1)?.[1] ?? 0;
    ranges.push([from, from + row.length]);
  }
  return { kernel, w, column, value, ranges, biasBase: columns * stride, columnAddress, valueAddress, scoresAddress };
}

describe('score kernel (WebAssembly SIMD)', () => {
  // Eight classes a pass, then four: 3 (one pass of four), 7 (one of eight), 12 (eight, then four), 40 and 77
  // (five and ten passes of eight).
  it.each([
    [3, 4],
    [7, 8],
    [12, 16],
    [40, 48],
    [77, 80],
  ])('gives every class the score the JavaScript sums give, bit for bit (%i classes)', (classes, stride) => {
    const { kernel, w, column, value, ranges, biasBase, ...at } = scoringProblem(classes, stride, 12345);
    const scores = new Float64Array(kernel.memory.buffer, at.scoresAddress, stride);
    for (const [from, to] of ranges) {
      kernel.score(
        0,
        biasBase,
        (classes + 3) & ~3,
        at.columnAddress,
        at.valueAddress,
        from,
        to,
        at.scoresAddress,
        stride,
      );
      for (let m = 0; m < classes; m++) {
        let sum = w[biasBase + m]!;
        for (let q = from; q < to; q++) sum += w[column[q]! * stride + m]! * value[q]!;
        expect(scores[m]).toBe(sum);
      }
    }
  });

  // Above eight classes (stride a multiple of sixteen): the sums in single precision, as Math.fround at every step.
  it.each([
    [12, 16],
    [77, 80],
  ])('score32 sums every class in single precision, bit for bit (%i classes)', (classes, stride) => {
    const { kernel, w, column, value, ranges, biasBase, ...at } = scoringProblem(classes, stride, 4242);
    const scores = new Float32Array(kernel.memory.buffer, at.scoresAddress, stride);
    for (const [from, to] of ranges) {
      kernel.score32(0, biasBase, stride, at.columnAddress, at.valueAddress, from, to, at.scoresAddress, stride);
      for (let m = 0; m < classes; m++) {
        let sum = w[biasBase + m]!;
        for (let q = from; q < to; q++) sum = Math.fround(sum + Math.fround(w[column[q]! * stride + m]! * value[q]!));
        expect(scores[m]).toBe(sum);
      }
    }
  });

  // At most eight classes, a row's weights within the kernel's eight lanes: with seven the eighth lane is the next
  // feature's first weight, which a zero step must leave as it is.
  it.each([2, 7])('updates the weights as the JavaScript step does, bit for bit (%i classes)', (classes) => {
    const stride = classes;
    const columns = 50;
    const row = [0, 3, 4, 17, 42, 49];
    const weights = (columns + 1) * stride + 16;
    const columnAddress = 4 * weights;
    const valueAddress = columnAddress + 4 * row.length;
    const stepsAddress = (valueAddress + 4 * row.length + 7) & ~7;
    const kernel = scoreKernel(stepsAddress + 64)!;
    const w = new Float32Array(kernel.memory.buffer, 0, weights);
    const column = new Int32Array(kernel.memory.buffer, columnAddress, row.length);
    const value = new Float32Array(kernel.memory.buffer, valueAddress, row.length);
    const steps = new Float64Array(kernel.memory.buffer, stepsAddress, 8);
    let state = 777;
    const random = () => {
      state = (state * 1103515245 + 12345) & 0x7fffffff;
      return state / 0x7fffffff - 0.5;
    };
    for (let j = 0; j < (columns + 1) * stride; j++) w[j] = j % 5 === 0 ? 0 : Math.fround(random());
    row.forEach((c, k) => {
      column[k] = c;
      value[k] = random() + 0.6;
    });
    for (let m = 0; m < classes; m++) steps[m] = m % 3 === 1 ? 0 : random();
    const expected = Float32Array.from(w);
    for (let k = 0; k < row.length; k++)
      for (let m = 0; m < classes; m++) if (steps[m] !== 0) expected[column[k]! * stride + m] += steps[m]! * value[k]!;
    kernel.update(0, columnAddress, valueAddress, 0, row.length, stepsAddress, stride);
    expect(Buffer.from(w.buffer, 0, 4 * weights).equals(Buffer.from(expected.buffer))).toBe(true);
  });
});
