import { KNOWLEDGE_EMPTY, LINK_NOT_HTTP, isHttpLink } from '../../../src/api/contract/knowledges.ts';
import type { Db } from '../../db/database.ts';
import { invalidInput } from '../../domain-errors.ts';
import { looksLikeHeader, parseCsvRows, wrongHeader } from '../../csv/csv-import.ts';
import type { WriteScope } from '../intents/intents.ts';
import { checkKnowledgeText, insertKnowledge } from './knowledges.ts';

/** Guards against a whole spreadsheet arriving by mistake. */
export const MAX_KNOWLEDGE_CSV_ROWS = 10_000;

export const KNOWLEDGE_CSV_HEADER = ['link', 'knowledge'] as const;

/**
 * CSV `link,knowledge` to entry inputs; any bad row refuses the whole file, naming its line. A first line that is
 * neither the header nor an entry (a header of other columns, e.g. `question,answer`) names the expected columns.
 */
export function parseKnowledgeCsv(text: string): { line: number; link: string; knowledge: string }[] {
  return parseCsvRows(text, KNOWLEDGE_CSV_HEADER, MAX_KNOWLEDGE_CSV_ROWS).map(({ line, cells, first }) => {
    if (first && (looksLikeHeader(cells) || (cells.length !== 2 && !isHttpLink(cells[0]!.trim()))))
      throw invalidInput(wrongHeader(KNOWLEDGE_CSV_HEADER, cells));
    if (cells.length !== 2)
      throw invalidInput(`Line ${line}: expected 2 columns (link,knowledge), found ${cells.length}.`);
    const link = cells[0]!.trim();
    if (!isHttpLink(link)) throw invalidInput(`Line ${line}: ${LINK_NOT_HTTP}.`);
    if (cells[1]!.trim() === '') throw invalidInput(`Line ${line}: ${KNOWLEDGE_EMPTY}.`);
    try {
      return { line, link, knowledge: checkKnowledgeText(cells[1]!) };
    } catch (error) {
      throw invalidInput(`Line ${line}: ${(error as Error).message}.`);
    }
  });
}

/** Inserts the parsed rows in the caller's transaction (all or nothing: they were all checked first). */
export async function importKnowledgeRows(
  trx: Db,
  scope: WriteScope,
  rows: { link: string; knowledge: string }[],
): Promise<number> {
  for (const row of rows)
    await insertKnowledge(trx, scope, { link: row.link, title: '', knowledge: row.knowledge }, 'csv');
  return rows.length;
}
