import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { CALL_LIST_HEADER, REPORT_COLUMNS, SCHEDULED_TIME_EXAMPLE } from '../../../src/api/contract/outbound.ts';
import { invalidInput } from '../../domain-errors.ts';
import { parseCsvRecords, quoteCell, unquoteFormula } from '../../csv/csv-import.ts';

/** One destination of a call list, as it will be stored. */
export interface CallListRow {
  line: number;
  /** E.164 (+420777123456) or the SIP URI as written. */
  destination: string;
  scheduledAt: Date;
}

export const MAX_CALL_LIST_ROWS = 100_000;
/**
 * The refusal lists the first problems, one per line, and counts the rest ("… and N more"): cut here, where the list
 * is built, so the message stays readable and never loses its count (each line quotes at most 60 characters of a cell).
 */
export const MAX_REPORTED_PROBLEMS = 50;

const SIP_URI = /^sips?:[A-Za-z0-9._~!$&'()*+,;=%-]+@[A-Za-z0-9.-]+(:\d{1,5})?(;[A-Za-z0-9=;._-]*)?$/;
const SCHEDULED_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}) UTC$/;
/** The campaign report's own form of a time (ISO 8601 in UTC, as `toISOString` writes it). */
const REPORT_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):00(?:\.000)?Z$/;
/** The report's header: a report (or the failed rows of one) imports as a call list; its other columns are ignored. */
const REPORT_HEADER = REPORT_COLUMNS.join(',');

/** The destination as stored, or why it is refused. */
export function normaliseDestination(raw: string): { destination: string } | { problem: string } {
  // Reports written before phone numbers were exempt from the formula guard have `'+420…`.
  const text = unquoteFormula(raw.trim());
  if (!text) return { problem: 'the destination is empty' };
  if (/^sips?:/i.test(text)) {
    return SIP_URI.test(text)
      ? { destination: text }
      : { problem: `"${quoteCell(text)}" is not a valid SIP URI (sip:user@host)` };
  }
  if (!text.startsWith('+'))
    return { problem: `"${quoteCell(text)}" must be an E.164 number (+420777123456) or a SIP URI` };
  const number = parsePhoneNumberFromString(text);
  if (!number?.isValid()) return { problem: `"${quoteCell(text)}" is not a valid phone number` };
  return { destination: number.number };
}

/** `2039-01-01 12:43 UTC` as a date, or null when it is not exactly that shape or not a real time. */
export function parseScheduledTime(raw: string): Date | null {
  const match = SCHEDULED_TIME.exec(raw.trim()) ?? REPORT_TIME.exec(raw.trim());
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number) as number[];
  const date = new Date(Date.UTC(y!, mo! - 1, d!, h!, mi!));
  // Date.UTC rolls 2039-02-30 over into March: a rolled-over date is not the one written.
  if (date.getUTCMonth() !== mo! - 1 || date.getUTCDate() !== d! || h! > 23 || mi! > 59) return null;
  return date;
}

/**
 * Parses and checks a whole call list (issue 17 §1): the exact header, then every line's destination and time;
 * destinations twice in the file, or already waiting in the campaign (`pending`), are duplicates. All or nothing:
 * any problem refuses the whole file with every problem's line number.
 */
export function parseCallList(text: string, now: Date, pending: ReadonlySet<string>): CallListRow[] {
  const records = parseCsvRecords(text);
  const header = records[0]?.record.map((c) => c.trim()).join(',');
  if (header !== CALL_LIST_HEADER && header !== REPORT_HEADER) {
    const found = records[0] ? ` (found "${quoteCell(records[0].record.join(','), 80)}")` : '';
    throw invalidInput(`Line 1: the header must be exactly "${CALL_LIST_HEADER}"${found}.`);
  }
  if (records.length === 1) throw invalidInput('The file has no calls.');
  if (records.length - 1 > MAX_CALL_LIST_ROWS)
    throw invalidInput(`The file has more than ${MAX_CALL_LIST_ROWS} calls.`);
  // Minute granularity, as the times are written: a call for this very minute is not in the past.
  const thisMinute = Math.floor(now.getTime() / 60_000) * 60_000;
  const problems: string[] = [];
  const seen = new Map<string, number>();
  const rows: CallListRow[] = [];
  const columns = header === REPORT_HEADER ? REPORT_COLUMNS.length : 2;
  for (const { record, info } of records.slice(1)) {
    const line = info.lines;
    if (record.length !== columns) {
      problems.push(`Line ${line}: expected ${columns} columns (${header}), found ${record.length}.`);
      continue;
    }
    const destination = normaliseDestination(record[0]!);
    const scheduledAt = parseScheduledTime(record[1]!);
    const lineProblems: string[] = [];
    if ('problem' in destination) lineProblems.push(destination.problem);
    if (!scheduledAt)
      lineProblems.push(`scheduled_time "${quoteCell(record[1]!.trim())}" must look like "${SCHEDULED_TIME_EXAMPLE}"`);
    else if (scheduledAt.getTime() < thisMinute)
      lineProblems.push(`scheduled_time ${record[1]!.trim()} is in the past`);
    if ('destination' in destination) {
      const earlier = seen.get(destination.destination);
      if (earlier !== undefined)
        lineProblems.push(`${quoteCell(destination.destination)} is a duplicate of line ${earlier}`);
      else if (pending.has(destination.destination))
        lineProblems.push(`${quoteCell(destination.destination)} is already waiting in this campaign`);
      else seen.set(destination.destination, line);
    }
    if (lineProblems.length) problems.push(`Line ${line}: ${lineProblems.join('; ')}.`);
    else
      rows.push({ line, destination: (destination as { destination: string }).destination, scheduledAt: scheduledAt! });
  }
  if (problems.length) {
    const shown = problems.slice(0, MAX_REPORTED_PROBLEMS);
    const more = problems.length - shown.length;
    throw invalidInput(
      `Nothing was imported.\n${shown.join('\n')}${more > 0 ? `\n… and ${more} more lines with problems.` : ''}`,
    );
  }
  return rows;
}
