import { parse } from 'csv-parse/sync';
import { invalidInput } from '../domain-errors.ts';

/**
 * The reading side of csv-export.ts, shared by the intents, knowledge entries and QA questions imports, so a
 * malformed file is refused with the same message wherever it is uploaded.
 */

export interface CsvRecord {
  record: string[];
  info: { lines: number };
}

export interface CsvRow {
  line: number;
  cells: string[];
}

/** The export prefixes a quote to cells a spreadsheet would run as formulas; importing takes it off again. */
export const unquoteFormula = (cell: string): string => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

/** Parses CSV text into records with the line each ends on; a malformed file is refused naming the line. */
export function parseCsvRecords(text: string): CsvRecord[] {
  try {
    return parse(text, {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
    }) as unknown as CsvRecord[];
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    const reason = (error as Error).message.split('\n')[0]?.slice(0, 120);
    throw invalidInput(`${line ? `Line ${line}: ` : ''}The file is not a valid CSV (${reason}).`);
  }
}

/**
 * Parses CSV text into rows with their line numbers; a malformed file is refused naming the line. A first row
 * equal to `header` (any case) is skipped; blank lines are skipped.
 */
export function parseCsvRows(text: string, header: readonly string[], maxRows: number): CsvRow[] {
  const rows: CsvRow[] = [];
  parseCsvRecords(text).forEach(({ record, info }, index) => {
    if (index === 0 && header.every((h, i) => record[i]?.trim().toLowerCase() === h)) return;
    if (record.every((c) => c.trim() === '')) return;
    rows.push({ line: info.lines, cells: record.map(unquoteFormula) });
  });
  if (rows.length > maxRows) throw invalidInput(`The file has more than ${maxRows} rows.`);
  if (rows.length === 0) throw invalidInput('The file has no rows to import.');
  return rows;
}
