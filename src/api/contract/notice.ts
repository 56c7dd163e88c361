/** A notification the app shows (Mantine notifications): what machines ask for, and what the client reports. */
export interface Notice {
  title: string;
  message?: string;
  color: 'red' | 'green' | 'yellow' | 'blue';
  autoClose?: number;
}

/** The HTTP status of a failed call (the client's ApiError carries one), or null for anything else. */
export function failureStatus(error: unknown): number | null {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : null;
}

/**
 * The server's message when it wrote one for a person: every refusal below 500 (domain errors, validation, 413, 415)
 * and 503 (what is unavailable). A 500 says only 'Something went wrong.': the toast stays without it.
 */
export function messageForPerson(status: number | null, data: unknown): string | undefined {
  if (status === null || (status >= 500 && status !== 503)) return undefined;
  return data && typeof data === 'object' && 'message' in data && typeof data.message === 'string'
    ? data.message
    : undefined;
}

/**
 * Why a call failed, for a person: the server's words as the client's ApiError carries them (status and data), or
 * the message of any other error (a screen's own); undefined for a 500's or when there is none.
 */
export function failureReason(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  if ('data' in error && 'status' in error) return messageForPerson(failureStatus(error), error.data);
  return error instanceof Error && error.message ? error.message : undefined;
}

/**
 * The user was already told of this failure, or it needs no word: the client's error table answered it (its
 * ApiError says `notified`: an expired session shows the login, a conflict or no response its own toast), or the call
 * was not sent for lack of a grant (SkippedCallError). A screen that owns a failure adds nothing then: one message
 * per failure, none after a logout.
 */
export function toldByClient(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  return (
    (error as { notified?: unknown }).notified === true || (error as { name?: unknown }).name === 'SkippedCallError'
  );
}
