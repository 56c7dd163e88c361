import { z } from 'zod';
import { defineCall, grant } from './call.ts';
import { okResponse, scopeQuery } from './common.ts';

// Storage screen texts (spec 1 §8), verbatim.
export const FILE_DELETED = 'File deleted';
export const CANNOT_DELETE_FILE = 'Cannot delete file';
export const CANNOT_UPLOAD_FILES = 'Cannot upload files!';
export const SUCCESSFULLY_UPLOADED = 'Successfully uploaded';

/** The multipart field that carries the upload (spec 1 §7). */
export const UPLOAD_FIELD = 'file';
/** Default size limit of one upload; the server reads UPLOAD_MAX_BYTES. */
export const DEFAULT_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** Default size limit of one CSV import (intents, knowledge entries, QA questions, call lists); IMPORT_MAX_BYTES. */
export const DEFAULT_IMPORT_MAX_BYTES = 20 * 1024 * 1024;

/** A size as people read it: 10 MB, 64 KB, 1,500 bytes (binary units, as the limits are set). */
export function formatBytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  if (bytes >= 1024 * 1024) return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
  const kb = bytes / 1024;
  if (bytes >= 1024) return `${Number.isInteger(kb) ? kb : kb.toFixed(1)} KB`;
  return `${bytes.toLocaleString('en-US')} bytes`;
}

/** Every upload above its limit is refused whole (413) with this text: nothing of it is stored or imported. */
export const fileTooLarge = (maxBytes: number): string => `The file is larger than ${formatBytes(maxBytes)}.`;

/** A project file as listed (spec 1 §3: name, size, type, version), plus when and by whom. */
export const storageFile = z.object({
  name: z.string(),
  size: z.number().int(),
  type: z.string(),
  version: z.number().int(),
  updated: z.string(),
  /** Name of the user who uploaded this version; null when unknown or deleted. */
  by: z.string().nullable(),
});
export type StorageFile = z.infer<typeof storageFile>;

/** C0 controls and DEL: they break headers and logs, and never belong in a name. */
const hasControlCharacter = (text: string): boolean =>
  [...text].some((c) => {
    const code = c.charCodeAt(0);
    return code < 0x20 || code === 0x7f;
  });

/** A file name as the client gave it: a label, at most 255 characters, no control characters. */
export const fileName = z
  .string()
  .min(1, 'file is required')
  .max(255, 'file name is too long')
  .refine((name) => !hasControlCharacter(name), 'file name contains control characters');

export const fileQuery = scopeQuery.extend({ file: fileName });

export const getStorage = defineCall({
  name: 'getStorage',
  method: 'GET',
  path: '/storage',
  resource: '/storage',
  access: grant('GET', '/storage'),
  query: scopeQuery,
  response: z.array(storageFile),
  summary: 'The current version of every project file.',
});

export const downloadFile = defineCall({
  name: 'downloadFile',
  method: 'GET',
  path: '/file',
  resource: '/storage',
  access: grant('GET', '/storage'),
  query: fileQuery.extend({ version: z.coerce.number().int().min(1).optional() }),
  // The answer is the file's bytes as an attachment; nothing is serialized.
  response: z.any().describe('binary'),
  summary: 'Downloads a project file as an attachment (x-content-type-options: nosniff).',
});

export const uploadFile = defineCall({
  name: 'uploadFile',
  method: 'POST',
  path: '/file',
  resource: '/storage',
  access: grant('POST', '/file'),
  query: scopeQuery,
  response: storageFile,
  atimeExempt: true,
  summary: 'Uploads one file in the multipart field `file`; a known name gets a new version. 413 above the limit.',
});

export const deleteFile = defineCall({
  name: 'deleteFile',
  method: 'DELETE',
  path: '/file',
  resource: '/storage',
  access: grant('DELETE', '/file'),
  query: fileQuery,
  response: okResponse,
  summary: 'Deletes a project file (every version leaves the listing; the rows stay for the record).',
});
