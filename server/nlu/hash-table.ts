/** An open-addressing table from feature hash to column, stored as two typed arrays (serialised as is). */
export interface HashTable {
  keys: Uint32Array;
  columns: Int32Array;
}

export function buildHashTable(hashes: Uint32Array): HashTable {
  let size = 16;
  while (size < hashes.length * 2) size *= 2;
  const keys = new Uint32Array(size).fill(0); // written before read: a fresh page read first faults twice
  const columns = new Int32Array(size);
  const mask = size - 1;
  for (let column = 0; column < hashes.length; column++) {
    const hash = hashes[column]!;
    let slot = mix(hash) & mask;
    while (keys[slot] !== 0) slot = (slot + 1) & mask;
    keys[slot] = hash;
    columns[slot] = column;
  }
  return { keys, columns };
}

export function lookupColumn(table: HashTable, hash: number): number {
  const mask = table.keys.length - 1;
  let slot = mix(hash) & mask;
  for (;;) {
    const key = table.keys[slot]!;
    if (key === hash) return table.columns[slot]!;
    if (key === 0) return -1;
    slot = (slot + 1) & mask;
  }
}

/** FNV hashes are weak in the low bits; one multiply-shift spreads them over the table. */
function mix(hash: number): number {
  return Math.imul(hash ^ (hash >>> 16), 0x45d9f3b) >>> 0;
}
