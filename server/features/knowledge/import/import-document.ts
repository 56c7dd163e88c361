import type { Db } from '../../../db/database.ts';
import { readFileContent } from '../../storage/storage.ts';
import { type ExtractedDocument, extractDocument, formatOfName, formatOfType } from './extract-text.ts';
import { fetchPage } from './fetch-page.ts';

/**
 * A page's readable text: the served content type decides the format (a URL's path says little), its name
 * only when the type is generic.
 */
export async function readPage(url: string): Promise<ExtractedDocument & { url: string }> {
  const page = await fetchPage(url);
  const format = formatOfType(page.contentType) ?? formatOfName(new URL(page.url).pathname);
  return { ...(await extractDocument(page.bytes, format)), url: page.url };
}

/**
 * A project file's readable text. Storage records text files as text/plain whatever their markup, so the
 * name's extension decides first (.md, .html), then the detected type.
 */
export async function readStorageFile(
  db: Db,
  projectId: number,
  name: string,
  version?: number,
): Promise<ExtractedDocument & { name: string; version: number }> {
  const file = await readFileContent(db, projectId, name, version);
  const format = formatOfName(file.name) ?? formatOfType(file.type);
  const doc = await extractDocument(file.content, format);
  return {
    ...doc,
    title: doc.title || file.name.replace(/\.[A-Za-z0-9]+$/, ''),
    name: file.name,
    version: file.version,
  };
}
