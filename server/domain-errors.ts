/**
 * What the domain refuses, in its own words (issue 32): a kind and a message a person can read. The domain knows no
 * HTTP; server/http/error-handler.ts answers each kind with its status code and the message as it is.
 */
export type DomainErrorKind =
  /** The input cannot be used as it is (400). */
  | 'invalid'
  /** Nobody is signed in, or the chatbot token is wrong (401). */
  | 'not-logged-in'
  /** The caller's grants do not cover this (402, as spec 2 answers). */
  | 'not-permitted'
  /** The thing asked for does not exist in the caller's project (404). */
  | 'not-found'
  /** Someone else changed it first, or it is busy with another change (409). */
  | 'conflict'
  /** The conversation has ended (410). */
  | 'ended'
  /** A file of a type that is not accepted here (415). */
  | 'unsupported-type';

export class DomainError extends Error {
  readonly kind: DomainErrorKind;
  constructor(kind: DomainErrorKind, message: string) {
    super(message);
    this.kind = kind;
  }
}

export const invalidInput = (message: string) => new DomainError('invalid', message);
export const notFound = (message = 'Not found.') => new DomainError('not-found', message);
export const conflict = (message = 'Conflict! Data not saved.') => new DomainError('conflict', message);
export const notPermitted = () => new DomainError('not-permitted', 'Insufficient permissions.');
export const notLoggedIn = () => new DomainError('not-logged-in', 'Not logged in.');
