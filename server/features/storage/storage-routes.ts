import type { FastifyInstance } from 'fastify';
import {
  UPLOAD_FIELD,
  deleteFile,
  downloadFile,
  fileName,
  getStorage,
  uploadFile,
} from '../../../src/api/contract/storage.ts';
import { HttpError } from '../../http/http-error.ts';
import type { RouteServices } from '../../http/register-call.ts';
import { registerCall } from '../../http/register-call.ts';
import {
  recordFileRevision,
  addFileVersion,
  attachmentDisposition,
  deleteFileVersions,
  listFiles,
  normalizeFileName,
  readFileContent,
} from './storage.ts';
import { detectContentType } from './storage-content-type.ts';
import { readUploadedFile } from '../../http/uploaded-file.ts';

/** Project files: list, download as attachment, upload (multipart, versioned, typed by content), delete. */
export default async function storageRoutes(
  app: FastifyInstance,
  services: RouteServices & { config: { uploadMaxBytes: number } },
) {
  const uploadLimit = services.config.uploadMaxBytes;

  registerCall(app, services, getStorage, async ({ db, requireProject }) => listFiles(db, requireProject()));

  registerCall(app, services, downloadFile, async ({ db, query: maybeQuery, requireProject, reply }) => {
    const query = maybeQuery as NonNullable<typeof maybeQuery>;
    const file = await readFileContent(db, requireProject(), normalizeFileName(query.file), query.version);
    // Always a download, never rendered: attachment, nosniff and a sandbox even if a browser tried.
    reply
      .header('content-type', file.type)
      .header('content-disposition', attachmentDisposition(file.name))
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox");
    return Buffer.from(file.content.buffer, file.content.byteOffset, file.content.byteLength);
  });

  registerCall(app, services, uploadFile, async (ctx) => {
    const { request } = ctx;
    const projectId = ctx.requireProject();
    // Read whole before anything is written: a file over the limit is refused whole (413), never stored cut.
    const part = await readUploadedFile(request, uploadLimit, UPLOAD_FIELD);
    const bytes = part.bytes;
    const parsedName = fileName.safeParse(normalizeFileName(part.filename ?? ''));
    if (!parsedName.success) throw new HttpError(400, parsedName.error.issues[0]?.message ?? 'Invalid file name.');
    const name = parsedName.data;
    const type = await detectContentType(bytes, name, part.mimetype);
    const userId = ctx.user?.id ?? null;
    return ctx.write(`Uploaded file ${name}`, async (trx, atime) => {
      const stored = await addFileVersion(trx, { projectId, name, bytes, type, userId });
      const { sha256, ...file } = stored;
      await recordFileRevision(trx, { projectId, name, atime, userId }, { ...file, sha256 });
      return file;
    });
  });

  registerCall(app, services, deleteFile, async (ctx) => {
    const projectId = ctx.requireProject();
    const name = normalizeFileName((ctx.query as NonNullable<typeof ctx.query>).file);
    const userId = ctx.user?.id ?? null;
    await ctx.write(`Deleted file ${name}`, async (trx, atime) => {
      await deleteFileVersions(trx, projectId, name);
      await recordFileRevision(trx, { projectId, name, atime, userId }, null);
    });
    return { status: 'ok' as const };
  });
}
