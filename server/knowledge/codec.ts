/**
 * Arrays of non-negative integers as text for the serialized index: LEB128 bytes (7 bits a byte, so the small
 * numbers posting lists are made of — gaps between passages, term counts, lengths — take one byte) in base64.
 * A JSON string parses far faster than a JSON array of a million numbers, and is the same on every machine.
 */

export function encodeIntegers(values: ArrayLike<number>): string {
  const bytes = new Uint8Array(values.length * 5);
  let at = 0;
  for (let i = 0; i < values.length; i++) {
    let value = values[i]!;
    if (!(value >= 0 && value <= 0xffffffff)) throw new Error(`Cannot encode ${value}.`);
    while (value >= 0x80) {
      bytes[at++] = (value & 0x7f) | 0x80;
      value >>>= 7;
    }
    bytes[at++] = value;
  }
  return Buffer.from(bytes.buffer, 0, at).toString('base64');
}

/** Exactly `count` integers back from `encodeIntegers`'s text; anything else is an incomplete index. */
export function decodeIntegers(text: unknown, count: number): Int32Array {
  if (typeof text !== 'string') throw new Error('The knowledge index is incomplete.');
  const bytes = Buffer.from(text, 'base64');
  const values = new Int32Array(count);
  let at = 0;
  for (let i = 0; i < count; i++) {
    let value = 0;
    let shift = 0;
    let byte: number;
    do {
      if (at >= bytes.length) throw new Error('The knowledge index is incomplete.');
      byte = bytes[at++]!;
      value |= (byte & 0x7f) << shift;
      shift += 7;
    } while (byte & 0x80);
    values[i] = value;
  }
  if (at !== bytes.length) throw new Error('The knowledge index is incomplete.');
  return values;
}
