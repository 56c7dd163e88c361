/** 32-bit FNV-1a: features are named by the hash of their text, so no vocabulary strings are stored. */
const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

export function hashString(text: string, seed = FNV_OFFSET): number {
  let hash = seed;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, FNV_PRIME);
  }
  return nonZero(hash);
}

/** 0 marks an empty slot in the model's hash table, so no feature may hash to it. */
export function nonZero(hash: number): number {
  const unsigned = hash >>> 0;
  return unsigned === 0 ? 1 : unsigned;
}

export function stepHash(hash: number, charCode: number): number {
  return Math.imul(hash ^ charCode, FNV_PRIME);
}

export const SEED_WORD = hashString('word');
export const SEED_BIGRAM = hashString('bigram');
export const SEED_CHAR = hashString('char');
export const SEED_ENTITY = hashString('entity');
