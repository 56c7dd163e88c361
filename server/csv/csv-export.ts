import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';

/** Characters that make a spreadsheet read a cell as a formula (OWASP CSV injection; ASVS 1.2.10). */
const FORMULA_TRIGGERS = new Set(['=', '+', '-', '@', '\t', '\r']);

/** A phone number in E.164 (`+420601000001`): a spreadsheet reads it as a number, never runs it. */
const PLUS_AND_DIGITS = /^\+\d+$/;

/**
 * A cell a spreadsheet shows as text: a leading trigger gets a single quote in front of it, except a cell that is
 * only `+` and digits (a phone number), which is written as it is so that a report's numbers import again.
 */
export function formulaSafe(value: unknown): string {
  const text = value === null || value === undefined ? '' : value instanceof Date ? value.toISOString() : String(value);
  return text.length > 0 && FORMULA_TRIGGERS.has(text[0]!) && !PLUS_AND_DIGITS.test(text) ? `'${text}` : text;
}

/**
 * Streams rows as RFC 4180 CSV (CRLF line ends, fields quoted when they hold a quote, comma or line break,
 * quotes doubled), every cell made formula-safe. `rows` may be a database cursor read in batches.
 */
export function csvStream(header: string[], rows: AsyncIterable<unknown[]> | Iterable<unknown[]>): Readable {
  const stringifier = stringify({ record_delimiter: 'windows' });
  const source = Readable.from(
    (async function* () {
      yield header.map(formulaSafe);
      for await (const row of rows) yield row.map(formulaSafe);
    })(),
  );
  source.on('error', (error) => stringifier.destroy(error));
  return source.pipe(stringifier);
}

/** The whole CSV as one string (tests and small exports). */
export async function csvText(header: string[], rows: AsyncIterable<unknown[]> | Iterable<unknown[]>): Promise<string> {
  let out = '';
  for await (const chunk of csvStream(header, rows)) out += String(chunk);
  return out;
}

/** `Content-Disposition` for a download: always an attachment, with an ASCII file name. */
export const attachmentHeader = (fileName: string): string =>
  `attachment; filename="${fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`;
