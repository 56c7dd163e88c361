/**
 * The Crammer–Singer solver's hottest loop, every class's score w·x + bias of one row, in WebAssembly SIMD: two
 * classes per f64x2 lane pair, eight classes per pass over the row (then four for the rest). Each single-precision
 * weight and row value is widened to double (exactly), multiplied and added in feature order, as the JavaScript
 * kernel does, so the sums (and the trained weights) are the same bit for bit; only twice as many happen per
 * instruction. For at most eight classes the module also updates a row's weights, every class at once (below). The
 * module is built here from its bytes (a few hundred, no build step); without WebAssembly SIMD the solver keeps its
 * JavaScript kernels.
 *
 * score(w, biasBase, classes4, columns, values, from, to, out, stride): `w`, `columns` (the rows' column indices,
 * int32), `values` (their float32 weights) and `out` are byte addresses in the memory, `biasBase` an index into `w`;
 * a column's weights start at w[column × stride]; `classes4` is the number of classes rounded up to four (the
 * weights' stride must leave room: the padded classes' weights stay zero and their scores are not read).
 */
export type ScoreKernel = (
  w: number,
  biasBase: number,
  classes4: number,
  columns: number,
  values: number,
  from: number,
  to: number,
  out: number,
  stride: number,
) => void;

/** update(w, columns, values, from, to, steps, stride): as in ScoreKernel; see the update kernel below. */
export type UpdateKernel = (
  w: number,
  columns: number,
  values: number,
  from: number,
  to: number,
  steps: number,
  stride: number,
) => void;

const uleb = (value: number): number[] => {
  const out: number[] = [];
  let n = value;
  do {
    let byte = n & 0x7f;
    n >>>= 7;
    if (n) byte |= 0x80;
    out.push(byte);
  } while (n);
  return out;
};
const vector = (items: number[][]): number[] => [...uleb(items.length), ...items.flat()];
const name = (text: string): number[] => [...uleb(text.length), ...[...text].map((c) => c.charCodeAt(0))];
const section = (id: number, body: number[]): number[] => [id, ...uleb(body.length), ...body];

const I32 = 0x7f;
const V128 = 0x7b;
const get = (local: number) => [0x20, local];
const set = (local: number) => [0x21, local];
const constant = (n: number) => [0x41, n]; // small non-negative constants only (one signed LEB byte)
const ADD = 0x6a;
const MUL = 0x6c;
const SHL = 0x74;
/** f32.load of a row value, then f64.promote_f32: the value widened to double, as JavaScript reads a Float32Array. */
const loadValue = [0x2a, 2, 0, 0xbb];
const GE_S = 0x4e;
const simd = (op: number, ...immediates: number[]) => [0xfd, ...uleb(op), ...immediates];
/** v128.load64_zero two floats, then f64x2.promote_low_f32x4: two weights widened to double. */
const loadTwoWeights = (address: number[]) => [...address, ...simd(0x5d, 2, 0), ...simd(0x5f)];
const F64X2_SPLAT = 0x14;
const V128_LOAD = 0x00;
const F64X2_ADD = 0xf0;
const F64X2_MUL = 0xf2;
const V128_STORE = 0x0b;

const GT_S = 0x4a;

// Parameters 0–8 as in ScoreKernel, then the locals m, k, at (i32), four sums and the value (v128).
const [W, BIAS, CLASSES, COLUMNS, VALUES, FROM, TO, OUT, STRIDE, M, K, AT, SUM, VALUE] = [
  0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 16,
];
const biasAddress = [...get(W), ...get(BIAS), ...get(M), ADD, ...constant(2), SHL, ADD];
const outAddress = [...get(OUT), ...get(M), ...constant(3), SHL, ADD];
/**
 * One pass over the row for classes m to m + 2 × pairs: each pair of classes sums in its own f64x2 local. Eight
 * classes a pass (four pairs) read the row's offsets and values half as often as four did.
 */
const classesPass = (pairs: number) => [
  ...Array.from({ length: pairs }, (_, p) => [
    ...loadTwoWeights([...biasAddress, ...constant(8 * p), ADD]),
    ...set(SUM + p),
  ]).flat(),
  ...[...get(FROM), ...set(K)],
  ...[0x02, 0x40, 0x03, 0x40], // block, loop over the row's non-zeros
  ...[...get(K), ...get(TO), GE_S, 0x0d, 1],
  // at = w + 4 × (columns[k] × stride + m)
  ...[...get(W), ...get(COLUMNS), ...get(K), ...constant(2), SHL, ADD, 0x28, 2, 0, ...get(STRIDE), MUL],
  ...[...get(M), ADD, ...constant(2), SHL, ADD, ...set(AT)],
  ...[...get(VALUES), ...get(K), ...constant(2), SHL, ADD, ...loadValue, ...simd(F64X2_SPLAT), ...set(VALUE)],
  ...Array.from({ length: pairs }, (_, p) => [
    ...get(SUM + p),
    ...loadTwoWeights([...get(AT), ...constant(8 * p), ADD]),
    ...[...get(VALUE), ...simd(F64X2_MUL), ...simd(F64X2_ADD), ...set(SUM + p)],
  ]).flat(),
  ...[...get(K), ...constant(1), ADD, ...set(K), 0x0c, 0, 0x0b, 0x0b],
  ...Array.from({ length: pairs }, (_, p) => [
    ...outAddress,
    ...constant(16 * p),
    ADD,
    ...get(SUM + p),
    ...simd(V128_STORE, 3, 0),
  ]).flat(),
];
const body = [
  ...constant(0),
  ...set(M),
  ...[0x02, 0x40, 0x03, 0x40], // block, loop over the classes eight at a time
  ...[...get(M), ...constant(8), ADD, ...get(CLASSES), GT_S, 0x0d, 1],
  ...classesPass(4),
  ...[...get(M), ...constant(8), ADD, ...set(M), 0x0c, 0, 0x0b, 0x0b],
  ...[0x02, 0x40], // block: the last four classes when their number is not a multiple of eight
  ...[...get(M), ...get(CLASSES), GE_S, 0x0d, 0],
  ...classesPass(2),
  0x0b,
  0x0b,
];
const code = [
  ...vector([
    [3, I32],
    [5, V128],
  ]),
  ...body,
];
// score32: the same scores summed in single precision, four classes per f32x4 lane group and sixteen per pass over
// the row (`classes4` must then be the stride, a multiple of sixteen: more than eight classes), into float32s at
// `out`. Four times the classes per instruction of the double-precision kernel, but not the same sums: rounded to
// single precision at every addition (still IEEE arithmetic without fused multiply-add, so the same on every machine).
const F32X4_SPLAT = 0x13;
const F32X4_ADD = 0xe4;
const F32X4_MUL = 0xe6;
const score32Body = [
  ...constant(0),
  ...set(M),
  ...[0x02, 0x40, 0x03, 0x40], // block, loop over the classes sixteen at a time
  ...[...get(M), ...get(CLASSES), GE_S, 0x0d, 1],
  ...Array.from({ length: 4 }, (_, p) => [...biasAddress, ...simd(V128_LOAD, 2, 16 * p), ...set(SUM + p)]).flat(),
  ...[...get(FROM), ...set(K)],
  ...[0x02, 0x40, 0x03, 0x40], // block, loop over the row's non-zeros
  ...[...get(K), ...get(TO), GE_S, 0x0d, 1],
  ...[...get(W), ...get(COLUMNS), ...get(K), ...constant(2), SHL, ADD, 0x28, 2, 0, ...get(STRIDE), MUL],
  ...[...get(M), ADD, ...constant(2), SHL, ADD, ...set(AT)],
  ...[...get(VALUES), ...get(K), ...constant(2), SHL, ADD, 0x2a, 2, 0, ...simd(F32X4_SPLAT), ...set(VALUE)],
  ...Array.from({ length: 4 }, (_, p) => [
    ...get(SUM + p),
    ...[...get(AT), ...simd(V128_LOAD, 2, 16 * p)],
    ...[...get(VALUE), ...simd(F32X4_MUL), ...simd(F32X4_ADD), ...set(SUM + p)],
  ]).flat(),
  ...[...get(K), ...constant(1), ADD, ...set(K), 0x0c, 0, 0x0b, 0x0b],
  ...Array.from({ length: 4 }, (_, p) => [
    ...[...get(OUT), ...get(M), ...constant(2), SHL, ADD],
    ...get(SUM + p),
    ...simd(V128_STORE, 2, 16 * p),
  ]).flat(),
  ...[...get(M), ...constant(16), ADD, ...set(M), 0x0c, 0, 0x0b, 0x0b],
  0x0b,
];
const score32Code = [
  ...vector([
    [3, I32],
    [5, V128],
  ]),
  ...score32Body,
];

// The update kernel, update(w, columns, values, from, to, steps, stride), for at most eight classes:
// w[columns[k] × stride + m] += steps[m] × values[k] for the eight classes m of every non-zero k, the steps (doubles at `steps`) zero for the
// classes that did not change. Each weight is widened, the product added in double and the sum rounded to single
// precision once, as the JavaScript `w[at] += step * v` does. A zero step leaves a weight as it is: the weights
// start at +0 and a sum in round-to-nearest is -0 only from two -0, so no weight is ever -0, and w + 0 is w.
const [UW, UCOLUMNS, UVALUES, UFROM, UTO, USTEPS, USTRIDE, UK, UAT, USTEP, UVALUE] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 13];
const F32X4_DEMOTE_F64X2_ZERO = 0x5e;
const V128_STORE64_LANE = 0x5b;
const updateBody = [
  ...Array.from({ length: 4 }, (_, p) => [...get(USTEPS), ...simd(V128_LOAD, 3, 16 * p), ...set(USTEP + p)]).flat(),
  ...[...get(UFROM), ...set(UK)],
  ...[0x02, 0x40, 0x03, 0x40], // block, loop over the row's non-zeros
  ...[...get(UK), ...get(UTO), GE_S, 0x0d, 1],
  ...[...get(UW), ...get(UCOLUMNS), ...get(UK), ...constant(2), SHL, ADD, 0x28, 2, 0, ...get(USTRIDE), MUL],
  ...[...constant(2), SHL, ADD, ...set(UAT)],
  ...[...get(UVALUES), ...get(UK), ...constant(2), SHL, ADD, ...loadValue, ...simd(F64X2_SPLAT), ...set(UVALUE)],
  ...Array.from({ length: 4 }, (_, p) => [
    ...get(UAT),
    ...loadTwoWeights([...get(UAT), ...constant(8 * p), ADD]),
    ...[...get(USTEP + p), ...get(UVALUE), ...simd(F64X2_MUL), ...simd(F64X2_ADD)],
    ...simd(F32X4_DEMOTE_F64X2_ZERO),
    ...simd(V128_STORE64_LANE, 2, 8 * p, 0),
  ]).flat(),
  ...[...get(UK), ...constant(1), ADD, ...set(UK), 0x0c, 0, 0x0b, 0x0b],
  0x0b,
];
const updateCode = [
  ...vector([
    [2, I32],
    [5, V128],
  ]),
  ...updateBody,
];

const MODULE_BYTES = new Uint8Array([
  ...[0x00, 0x61, 0x73, 0x6d, 1, 0, 0, 0],
  ...section(
    1,
    vector([
      [0x60, ...vector(Array.from({ length: 9 }, () => [I32])), 0],
      [0x60, ...vector(Array.from({ length: 7 }, () => [I32])), 0],
    ]),
  ),
  ...section(2, vector([[...name('m'), ...name('memory'), 0x02, 0x00, 1]])),
  ...section(3, vector([[0], [1], [0]])),
  ...section(
    7,
    vector([
      [...name('score'), 0x00, 0],
      [...name('update'), 0x00, 1],
      [...name('score32'), 0x00, 2],
    ]),
  ),
  ...section(
    10,
    vector([
      [...uleb(code.length), ...code],
      [...uleb(updateCode.length), ...updateCode],
      [...uleb(score32Code.length), ...score32Code],
    ]),
  ),
]);

let compiled: WebAssembly.Module | null | undefined;

/**
 * A memory of at least `bytes` bytes and the kernel working in it; undefined where WebAssembly SIMD is missing. With
 * `host`, that memory grown to hold `bytes` (the training's featurisation already works in it).
 */
export function scoreKernel(
  bytes: number,
  host?: WebAssembly.Memory,
): { memory: WebAssembly.Memory; score: ScoreKernel; score32: ScoreKernel; update: UpdateKernel } | undefined {
  if (compiled === undefined) {
    try {
      compiled = new WebAssembly.Module(MODULE_BYTES);
    } catch {
      compiled = null;
    }
  }
  if (!compiled) return undefined;
  const pages = Math.ceil(bytes / 65_536) + 1;
  const memory = host ?? new WebAssembly.Memory({ initial: pages });
  if (host && host.buffer.byteLength < pages * 65_536) host.grow(pages - host.buffer.byteLength / 65_536);
  const instance = new WebAssembly.Instance(compiled, { m: { memory } });
  return {
    memory,
    score: instance.exports.score as ScoreKernel,
    update: instance.exports.update as UpdateKernel,
    score32: instance.exports.score32 as ScoreKernel,
  };
}
