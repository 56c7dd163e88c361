import type { DoNotCallEntry } from '../../../src/api/contract/do-not-call.ts';
import { DO_NOT_CALL_ALREADY, DO_NOT_CALL_HEADER } from '../../../src/api/contract/do-not-call.ts';
import { parseCsvRows, quoteCell } from '../../csv/csv-import.ts';
import type { Db } from '../../db/database.ts';
import { invalidInput, notFound } from '../../domain-errors.ts';
import { normaliseDestination } from './campaigns-call-list.ts';

/** Rows a do-not-call import takes at once (a regulator's list can be long). */
export const MAX_DO_NOT_CALL_ROWS = 100_000;
const INSERT_BATCH = 2000;

/**
 * A project's do-not-call list (issue 38), the one writer of `do_not_call`. Destinations are stored normalised as a
 * call list's are, so the dial-time check (outbound-calls.ts, claimDueCalls) is an equality on the same text.
 */
export async function listDoNotCall(db: Db, projectId: number): Promise<DoNotCallEntry[]> {
  const rows = await db
    .selectFrom('do_not_call as d')
    .leftJoin('users as u', 'u.id', 'd.created_by')
    .select(['d.id', 'd.destination', 'd.note', 'd.created_at', 'u.name as created_by'])
    .where('d.project_id', '=', projectId)
    .orderBy('d.destination')
    .execute();
  return rows.map((r) => ({ ...r, created_at: new Date(r.created_at).toISOString() }));
}

function normalised(raw: string): string {
  const destination = normaliseDestination(raw);
  if ('problem' in destination) throw invalidInput(`The destination ${destination.problem}.`);
  return destination.destination;
}

/** Adds one destination; one already listed is refused with a clear message (400). */
export async function addDoNotCall(
  trx: Db,
  r: { projectId: number; userId: number | null; destination: string; note: string },
): Promise<{ id: number; destination: string }> {
  const destination = normalised(r.destination);
  const row = await trx
    .insertInto('do_not_call')
    .values({ project_id: r.projectId, destination, note: r.note.trim(), created_by: r.userId })
    .onConflict((oc) => oc.columns(['project_id', 'destination']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!row) throw invalidInput(`${destination} ${DO_NOT_CALL_ALREADY}.`);
  return { id: row.id, destination };
}

/** Removes one entry of the project (404 for another project's id). */
export async function removeDoNotCall(trx: Db, projectId: number, id: number): Promise<string> {
  const row = await trx
    .deleteFrom('do_not_call')
    .where('id', '=', id)
    .where('project_id', '=', projectId)
    .returning('destination')
    .executeTakeFirst();
  if (!row) throw notFound();
  return row.destination;
}

/**
 * Imports a CSV of destinations (and notes), all or nothing: every bad line is named and nothing is added; a
 * destination already listed (or twice in the file) is counted as such, not refused.
 */
export async function importDoNotCall(
  db: Db,
  r: { projectId: number; userId: number | null; text: string },
): Promise<{ added: number; alreadyListed: number }> {
  const rows = parseCsvRows(r.text, DO_NOT_CALL_HEADER.split(','), MAX_DO_NOT_CALL_ROWS);
  const problems: string[] = [];
  const entries = new Map<string, string>();
  for (const { line, cells, first } of rows) {
    if (cells.length > 2) {
      problems.push(`Line ${line}: expected the columns ${DO_NOT_CALL_HEADER}, found ${cells.length} columns.`);
      continue;
    }
    const destination = normaliseDestination(cells[0] ?? '');
    if ('problem' in destination) {
      // A first line that is no destination is taken for a header of other names only when it says so.
      if (first && /destination/i.test(cells[0] ?? '')) continue;
      problems.push(`Line ${line}: ${destination.problem} ("${quoteCell(cells[0] ?? '')}").`);
    } else if (!entries.has(destination.destination)) entries.set(destination.destination, (cells[1] ?? '').trim());
  }
  if (problems.length) throw invalidInput(`Nothing was imported.\n${problems.slice(0, 50).join('\n')}`);
  const values = [...entries].map(([destination, note]) => ({
    project_id: r.projectId,
    destination,
    note,
    created_by: r.userId,
  }));
  let added = 0;
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < values.length; i += INSERT_BATCH) {
      const inserted = await trx
        .insertInto('do_not_call')
        .values(values.slice(i, i + INSERT_BATCH))
        .onConflict((oc) => oc.columns(['project_id', 'destination']).doNothing())
        .returning('id')
        .execute();
      added += inserted.length;
    }
  });
  return { added, alreadyListed: rows.length - added };
}
