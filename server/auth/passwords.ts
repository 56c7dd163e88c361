import { hash, verify } from '@node-rs/argon2';

// argon2id with OWASP's minimum (m = 19 MiB, t = 2, p = 1); salts are random per hash (QUALITY: Passwords).
const ARGON2ID = 2;
export const argonOptions = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  // biome-ignore lint/suspicious/noExplicitAny: the package types Algorithm as a const enum, which type stripping cannot import.
  return hash(password, argonOptions as any);
}

export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

/** A real hash to verify against when the account is unknown, so both take the same time. */
let decoyHash: Promise<string> | null = null;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword('decoy-password-never-used');
  return decoyHash;
}
