import type { FastifyRequest } from 'fastify';
import { invalidInput } from '../domain-errors.ts';
import { HttpError } from './http-error.ts';

/**
 * The text of a CSV uploaded as multipart/form-data in the field `file` (intents, knowledge entries and QA questions imports, campaign call lists):
 * 415 when not multipart, 400 for another field, 413 above `maxBytes`.
 */
export async function readUploadedCsv(request: FastifyRequest, maxBytes: number): Promise<string> {
  if (!request.isMultipart()) throw new HttpError(415, 'Send the CSV as multipart/form-data in the field "file".');
  const file = await request.file({ limits: { fileSize: maxBytes } });
  if (file?.fieldname !== 'file') throw invalidInput('The CSV must be sent in the field "file".');
  try {
    return (await file.toBuffer()).toString('utf8');
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new HttpError(413, 'The file is too large.');
    throw error;
  }
}
