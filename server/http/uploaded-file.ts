import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { fileTooLarge } from '../../src/api/contract/storage.ts';
import { HttpError } from './http-error.ts';

/** One uploaded file, read whole. */
export interface UploadedFile {
  filename: string;
  mimetype: string;
  bytes: Buffer;
}

/**
 * The limits to give @fastify/multipart for a file of at most `maxBytes`: busboy gets one byte more, so a file over
 * the limit arrives longer than the limit even when the plugin fails to say it was cut (readFilePart).
 */
export const uploadLimits = (maxBytes: number) => ({ fileSize: maxBytes + 1, files: 1, parts: 10, fieldSize: 1024 });

/** What @fastify/multipart raises for a request over one of its limits, as a refusal a person can act on. */
export function uploadRefusal(error: unknown, maxBytes: number): unknown {
  switch ((error as { code?: unknown }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new HttpError(413, fileTooLarge(maxBytes));
    case 'FST_FILES_LIMIT':
      return new HttpError(413, 'Too many files: send one file at a time.');
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new HttpError(413, 'The form has too many fields: send only the file.');
    default:
      return error;
  }
}

/**
 * The whole content of one file part, or 413 when it is over `maxBytes` (its stream read with uploadLimits' byte
 * more). @fastify/multipart sometimes hands over a cut-off stream instead of raising its size error (issue 33;
 * upstream #428, #542): the `truncated` flag and the length are checked here after the stream is consumed, so a
 * file over the limit is refused whole and nothing of it reaches an import or the store.
 */
export async function readFilePart(part: MultipartFile, maxBytes: number): Promise<Buffer> {
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (error) {
    throw uploadRefusal(error, maxBytes);
  }
  if (part.file.truncated || bytes.length > maxBytes) throw new HttpError(413, fileTooLarge(maxBytes));
  return bytes;
}

/**
 * The one file of a multipart/form-data request in the field `field` (storage uploads and every CSV import):
 * 415 when not multipart, 400 without a file or in another field, 413 above `maxBytes`.
 */
export async function readUploadedFile(
  request: FastifyRequest,
  maxBytes: number,
  field = 'file',
): Promise<UploadedFile> {
  if (!request.isMultipart()) throw new HttpError(415, `Send the file as multipart/form-data in the field "${field}".`);
  let part: MultipartFile | undefined;
  try {
    part = await request.file({ limits: uploadLimits(maxBytes) });
  } catch (error) {
    throw uploadRefusal(error, maxBytes);
  }
  if (!part) throw new HttpError(400, `No file in the field "${field}".`);
  if (part.fieldname !== field) throw new HttpError(400, `The file must be sent in the field "${field}".`);
  const bytes = await readFilePart(part, maxBytes);
  return { filename: part.filename, mimetype: part.mimetype, bytes };
}
