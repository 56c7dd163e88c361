import type { ScreenshotRequest } from '../../../../src/api/contract/chatbot-test.ts';

export interface Screenshot {
  base64: string;
  contentType: 'image/png' | 'image/jpeg';
}

/** Takes pictures of web pages: the local Chromium or an external service (spec 2 §7). */
export interface ScreenshotService {
  readonly kind: 'local-chromium' | 'external';
  /** Resolves within `timeoutMs` or fails with a ScreenshotFailure saying why. */
  take(request: ScreenshotRequest, timeoutMs: number): Promise<Screenshot>;
  close(): Promise<void>;
}

/** The page or the service could not give a picture; the message says why, in words a person can read. */
export class ScreenshotFailure extends Error {
  override readonly name = 'ScreenshotFailure';
}

/** The image's type from its first bytes; anything but PNG or JPEG is not shown. */
export function imageTypeOf(bytes: Buffer): Screenshot['contentType'] | null {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return null;
}
