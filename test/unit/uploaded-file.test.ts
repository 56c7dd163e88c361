// The last line of defence against partial uploads (issue 33 §2): whatever @fastify/multipart hands over, a file part
// over the limit is refused whole, even when the plugin raised no size error (upstream #428, #542).
import type { MultipartFile } from '@fastify/multipart';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../server/http/http-error.ts';
import { readFilePart, uploadLimits, uploadRefusal } from '../../server/http/uploaded-file.ts';

const LIMIT = 1000;

/** A part as the plugin hands it over: the bytes its stream gave and busboy's `truncated` flag. */
const part = (bytes: number, truncated: boolean) =>
  ({ toBuffer: async () => Buffer.alloc(bytes, 'a'), file: { truncated } }) as unknown as MultipartFile;

describe('readFilePart', () => {
  it('keeps a file of the limit or less', async () => {
    expect((await readFilePart(part(LIMIT, false), LIMIT)).length).toBe(LIMIT);
    expect((await readFilePart(part(0, false), LIMIT)).length).toBe(0);
  });

  it('refuses a cut-off stream handed over without a size error, by its flag or by its length', async () => {
    for (const cut of [part(LIMIT, true), part(LIMIT + 1, false), part(LIMIT + 1, true)]) {
      const refusal = await readFilePart(cut, LIMIT).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(HttpError);
      expect(refusal).toMatchObject({ statusCode: 413, message: 'The file is larger than 1,000 bytes.' });
    }
  });

  it("gives busboy one byte more than the limit and turns the plugin's limit errors into 413s that say what to do", () => {
    expect(uploadLimits(LIMIT).fileSize).toBe(LIMIT + 1);
    expect(uploadRefusal({ code: 'FST_REQ_FILE_TOO_LARGE' }, 64 * 1024)).toMatchObject({
      statusCode: 413,
      message: 'The file is larger than 64 KB.',
    });
    expect(uploadRefusal({ code: 'FST_FILES_LIMIT' }, LIMIT)).toMatchObject({ statusCode: 413 });
    const other = new Error('boom');
    expect(uploadRefusal(other, LIMIT)).toBe(other);
  });
});
