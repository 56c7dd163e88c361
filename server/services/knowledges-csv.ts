import { parse } from 'csv-parse/sync';
import { KNOWLEDGE_EMPTY, LINK_NOT_HTTP, isHttpLink } from '../../src/api/contract/knowledges.ts';
import type { Db } from '../db/database.ts';
import { badRequest } from '../http/http-error.ts';
import type { WriteScope } from './intents.ts';
import { checkKnowledgeText, insertKnowledge } from './knowledges.ts';

/** Guards against a whole spreadsheet arriving by mistake. */
export const MAX_KNOWLEDGE_CSV_ROWS = 10_000;

export interface CsvRow {
  line: number;
  cells: string[];
}

/** The export prefixes a quote to cells a spreadsheet would run as formulas; importing takes it off again. */
export const unquoteFormula = (cell: string): string => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

/**
 * Parses CSV text into rows with their line numbers; a malformed file is refused naming the line. A first row
 * equal to `header` (any case) is skipped; blank lines are skipped.
 */
export function parseCsvRows(text: string, header: readonly string[], maxRows: number): CsvRow[] {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
    }) as unknown as typeof records;
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    const reason = (error as Error).message.split('\n')[0]?.slice(0, 120);
    throw badRequest(`${line ? `Line ${line}: ` : ''}The file is not a valid CSV (${reason}).`);
  }
  const rows: CsvRow[] = [];
  records.forEach(({ record, info }, index) => {
    if (index === 0 && header.every((h, i) => record[i]?.trim().toLowerCase() === h)) return;
    if (record.every((c) => c.trim() === '')) return;
    rows.push({ line: info.lines, cells: record.map(unquoteFormula) });
  });
  if (rows.length > maxRows) throw badRequest(`The file has more than ${maxRows} rows.`);
  if (rows.length === 0) throw badRequest('The file has no rows to import.');
  return rows;
}

/** CSV `link,knowledge` to entry inputs; any bad row refuses the whole file, naming its line. */
export function parseKnowledgeCsv(text: string): { line: number; link: string; knowledge: string }[] {
  return parseCsvRows(text, ['link', 'knowledge'], MAX_KNOWLEDGE_CSV_ROWS).map(({ line, cells }) => {
    if (cells.length !== 2)
      throw badRequest(`Line ${line}: expected 2 columns (link,knowledge), found ${cells.length}.`);
    const link = cells[0]!.trim();
    if (!isHttpLink(link)) throw badRequest(`Line ${line}: ${LINK_NOT_HTTP}.`);
    if (cells[1]!.trim() === '') throw badRequest(`Line ${line}: ${KNOWLEDGE_EMPTY}.`);
    try {
      return { line, link, knowledge: checkKnowledgeText(cells[1]!) };
    } catch (error) {
      throw badRequest(`Line ${line}: ${(error as Error).message}.`);
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
