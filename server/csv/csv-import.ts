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
  /** The file's first record (not a header): where a wrong header shows up as a bad row. */
  first: boolean;
}

/** At most this many characters of a cell are quoted back in a message. */
const QUOTED_MAX = 60;

/**
 * A cell (or line) as a message quotes it: control characters shown as `?` and long text cut with "…", so a refusal
 * stays short and never carries the file's binary or its whole contents.
 */
export function quoteCell(text: string, max = QUOTED_MAX): string {
  const printable = text.replace(/[\r\n\t]+/g, ' ').replace(/[\p{Cc}\ufffd]/gu, '?');
  return printable.length > max ? `${printable.slice(0, max - 1)}…` : printable;
}

/** Words that name columns in the console's own CSV files and in the spreadsheets people mistake for them. */
const COLUMN_WORDS = new Set([
  'intent',
  'template',
  'link',
  'knowledge',
  'question',
  'answer',
  'knowledge_id',
  'destination',
  'scheduled_time',
  'text',
  'name',
  'phrase',
  'example',
  'utterance',
  'label',
  'title',
  'url',
  'id',
  'phone',
  'number',
  'time',
  'date',
]);

/**
 * A first line that names columns rather than holding data: every cell a column name the console's CSV files (or
 * common spreadsheets) use. Such a line that is not the expected header makes the import name the expected columns
 * instead of taking it as data.
 */
export function looksLikeHeader(record: readonly string[]): boolean {
  return record.length > 0 && record.every((c) => COLUMN_WORDS.has(c.trim().toLowerCase()));
}

/**
 * The refusal for a first line that is not the expected header (and not data either): it names the expected columns
 * and quotes what the file has, with a hint when the file is separated by semicolons (a spreadsheet's CSV in many
 * locales).
 */
export function wrongHeader(expected: readonly string[], record: readonly string[]): string {
  const found = quoteCell(record.join(','), 80);
  const semicolons =
    record.length === 1 && (record[0] ?? '').includes(';')
      ? ' The file seems to be separated by semicolons: save it as CSV with commas.'
      : '';
  return `Line 1: expected the columns ${expected.join(',')}, found "${found}".${semicolons}`;
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
    const reason = quoteCell((error as Error).message.split('\n')[0] ?? '', 120);
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
    rows.push({ line: info.lines, cells: record.map(unquoteFormula), first: index === 0 });
  });
  if (rows.length > maxRows) throw invalidInput(`The file has more than ${maxRows} rows.`);
  if (rows.length === 0) throw invalidInput('The file has no rows to import.');
  return rows;
}
