import type { ImportSource } from './request.ts';

export type KnowledgeImportEvent =
  | { type: 'import.open' }
  | { type: 'import.close' }
  | { type: 'source.select'; source: ImportSource }
  | { type: 'url.change'; url: string }
  | { type: 'file.select'; name: string | null }
  | { type: 'csv.choose'; file: File | null }
  | { type: 'import.submit' };

/** Entries were imported: the list reads them again and the index is stale. */
export type KnowledgeImportEmitted = { type: 'knowledge.imported' };
