import { INTENT_NAME_EMPTY, TEMPLATE_EXISTS_IN_INTENT, templateHeldBy } from '../../../src/api/contract/intents.ts';
import type { Db } from '../../db/database.ts';
import { invalidInput } from '../../domain-errors.ts';
import { csvText } from '../../csv/csv-export.ts';
import { looksLikeHeader, parseCsvRecords, quoteCell, unquoteFormula, wrongHeader } from '../../csv/csv-import.ts';
import {
  type IntentInput,
  type WriteScope,
  intentRows,
  listIntents,
  normalizeIntentName,
  normalizeTemplate,
  replaceIntents,
} from './intents.ts';

export const INTENTS_CSV_HEADER = ['intent', 'template'];
/** Guard against a spreadsheet's whole sheet arriving by mistake. */
export const MAX_IMPORT_ROWS = 200_000;

/** The export: `intent,template` rows, formula-safe cells (csv-export). */
export async function exportIntentsCsv(db: Db, projectId: number): Promise<string> {
  return csvText(INTENTS_CSV_HEADER, await intentRows(db, projectId));
}

export interface ImportRow {
  line: number;
  intent: string;
  template: string;
}

/**
 * Parses the CSV; any malformed line is refused with its number. A first row `intent,template` is a header; a first
 * row naming other columns (`question,answer`, `name;text`) or of another width names the expected columns.
 */
export function parseIntentsCsv(text: string): ImportRow[] {
  const rows: ImportRow[] = [];
  parseCsvRecords(text).forEach(({ record, info }, index) => {
    const cells = record.map((c) => c);
    if (
      index === 0 &&
      cells.length >= 2 &&
      cells[0]!.trim().toLowerCase() === 'intent' &&
      cells[1]!.trim().toLowerCase() === 'template'
    )
      return;
    if (cells.length === 1 && cells[0]!.trim() === '') return;
    if (index === 0 && (cells.length !== 2 || looksLikeHeader(cells)))
      throw invalidInput(wrongHeader(INTENTS_CSV_HEADER, cells));
    if (cells.length !== 2) {
      throw invalidInput(`Line ${info.lines}: expected 2 columns (intent,template), found ${cells.length}.`);
    }
    rows.push({ line: info.lines, intent: unquoteFormula(cells[0]!), template: unquoteFormula(cells[1]!) });
  });
  if (rows.length > MAX_IMPORT_ROWS) throw invalidInput(`The file has more than ${MAX_IMPORT_ROWS} rows.`);
  return rows;
}

/**
 * Applies the rows in the caller's transaction, all or nothing: any bad line throws (naming it) before
 * anything is written. `merge` adds new intents and templates to the project's; `replace` makes the
 * project's intents exactly the file's (keeping the ids of intents whose names stay).
 */
export async function importIntentRows(
  trx: Db,
  scope: WriteScope,
  rows: ImportRow[],
  mode: 'merge' | 'replace',
): Promise<{ intentsCreated: number; templatesAdded: number }> {
  const existing = await listIntents(trx, scope.projectId);
  const existingByName = new Map(existing.map((i) => [i.name, i]));
  // Holder of each template (lower-cased) so far: the project's own in merge mode, then the file's.
  const holders = new Map<string, string>();
  if (mode === 'merge') for (const i of existing) for (const t of i.templates) holders.set(t.toLowerCase(), i.name);
  const result = new Map<string, IntentInput>();
  if (mode === 'merge')
    for (const i of existing) result.set(i.name, { id: i.id, name: i.name, templates: [...i.templates] });
  let templatesAdded = 0;
  for (const row of rows) {
    const name = normalizeIntentName(row.intent);
    if (!name) throw invalidInput(`Line ${row.line}: ${INTENT_NAME_EMPTY}`);
    let target = result.get(name);
    if (!target) {
      target = { id: existingByName.get(name)?.id, name, templates: [] };
      result.set(name, target);
    }
    const template = normalizeTemplate(row.template);
    if (!template) continue;
    const key = template.toLowerCase();
    const holder = holders.get(key);
    if (holder === name) {
      // Already there (merge) or repeated in the file: nothing to add.
      if (mode === 'merge' && existingByName.get(name)?.templates.some((t) => t.toLowerCase() === key)) continue;
      if (target.templates.some((t) => t.toLowerCase() === key)) continue;
      throw invalidInput(`Line ${row.line}: ${TEMPLATE_EXISTS_IN_INTENT}`);
    }
    if (holder !== undefined) throw invalidInput(`Line ${row.line}: ${templateHeldBy(quoteCell(template), holder)}`);
    holders.set(key, name);
    target.templates.push(template);
    templatesAdded++;
  }
  const list = [...result.values()];
  const intentsCreated = list.filter((i) => i.id === undefined).length;
  await replaceIntents(trx, scope, list);
  return { intentsCreated, templatesAdded };
}
