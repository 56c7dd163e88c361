import type { ModelParts } from './model-parts.ts';

/**
 * Binary layout: "NLU1" magic, uint32 header length, JSON header (metadata), padding to 4 bytes, then the
 * typed arrays back to back (each 4-byte aligned): table keys, table columns, idf, scales, bias, weights.
 * Loading makes views over the bytes: no parsing of the arrays, so it takes milliseconds.
 */
const MAGIC = 0x3155_4c4e; // "NLU1" little-endian
const FORMAT_VERSION = 1;

interface Header {
  version: number;
  language: string;
  intents: ModelParts['intents'];
  entities: ModelParts['entities'];
  features: ModelParts['features'];
  calibration: ModelParts['calibration'];
  defaultThreshold: number;
  tableSize: number;
  columns: number;
  classes: number;
}

const align4 = (n: number) => (n + 3) & ~3;

export function serializeModel(parts: ModelParts): Uint8Array {
  const header: Header = {
    version: FORMAT_VERSION,
    language: parts.language,
    intents: parts.intents,
    entities: parts.entities,
    features: parts.features,
    calibration: parts.calibration,
    defaultThreshold: parts.defaultThreshold,
    tableSize: parts.table.keys.length,
    columns: parts.idf.length,
    classes: parts.bias.length,
  };
  const json = new TextEncoder().encode(JSON.stringify(header));
  const arrays = [parts.table.keys, parts.table.columns, parts.idf, parts.scales, parts.bias, parts.weights];
  let size = align4(8 + json.length);
  for (const array of arrays) size += align4(array.byteLength);
  const bytes = new Uint8Array(size);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, MAGIC, true);
  view.setUint32(4, json.length, true);
  bytes.set(json, 8);
  let offset = align4(8 + json.length);
  for (const array of arrays) {
    bytes.set(new Uint8Array(array.buffer, array.byteOffset, array.byteLength), offset);
    offset += align4(array.byteLength);
  }
  return bytes;
}

export function deserializeModel(input: Uint8Array): ModelParts {
  // Typed-array views need 4-byte alignment; a Buffer sliced from a pool may not have it.
  const bytes = input.byteOffset % 4 === 0 ? input : new Uint8Array(input);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.byteLength < 8 || view.getUint32(0, true) !== MAGIC) throw new Error('Not an NLU model');
  const headerLength = view.getUint32(4, true);
  const header = JSON.parse(new TextDecoder().decode(bytes.subarray(8, 8 + headerLength))) as Header;
  if (header.version !== FORMAT_VERSION) throw new Error(`Unsupported NLU model version ${header.version}`);
  let offset = bytes.byteOffset + align4(8 + headerLength);
  const take = <T>(
    make: (buffer: ArrayBufferLike, offset: number, length: number) => T,
    length: number,
    width: number,
  ) => {
    const array = make(bytes.buffer, offset, length);
    offset += align4(length * width);
    return array;
  };
  const keys = take((b, o, l) => new Uint32Array(b, o, l), header.tableSize, 4);
  const columns = take((b, o, l) => new Int32Array(b, o, l), header.tableSize, 4);
  const idf = take((b, o, l) => new Float32Array(b, o, l), header.columns, 4);
  const scales = take((b, o, l) => new Float32Array(b, o, l), header.classes, 4);
  const bias = take((b, o, l) => new Float32Array(b, o, l), header.classes, 4);
  const weights = take((b, o, l) => new Int8Array(b, o, l), header.columns * header.classes, 1);
  return {
    language: header.language,
    intents: header.intents,
    entities: header.entities,
    features: header.features,
    calibration: header.calibration,
    defaultThreshold: header.defaultThreshold,
    table: { keys, columns },
    idf,
    weights,
    scales,
    bias,
  };
}
