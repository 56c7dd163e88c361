import {
  QA_CSV_COLUMNS,
  QA_QUESTION_EMPTY,
  QA_QUESTION_MAX,
  QA_QUESTION_TOO_LONG,
} from '../../../src/api/contract/qa-trainings.ts';
import type { Db } from '../../db/database.ts';
import { invalidInput } from '../../domain-errors.ts';
import { csvText } from '../../csv/csv-export.ts';
import type { WriteScope } from '../intents/intents.ts';
import { looksLikeHeader, parseCsvRows, quoteCell, wrongHeader } from '../../csv/csv-import.ts';
import { type QaInput, insertQaTrainings, listQaTrainings } from './qa-trainings.ts';

export const MAX_QA_CSV_ROWS = 50_000;

/** `question,knowledge_id,link`: both the id and the link, so the file reads well and imports unambiguously. */
export async function exportQaTrainingsCsv(db: Db, projectId: number): Promise<string> {
  const links = new Map(
    (await db.selectFrom('knowledges').select(['id', 'link']).where('project_id', '=', projectId).execute()).map(
      (k) => [k.id, k.link],
    ),
  );
  const rows = (await listQaTrainings(db, projectId)).map((q) => [
    q.question,
    q.knowledge_id ?? '',
    q.knowledge_id === null ? '' : (links.get(q.knowledge_id) ?? ''),
  ]);
  return csvText([...QA_CSV_COLUMNS], rows);
}

/**
 * Checks every row against the project's entries before anything is written (all or nothing, naming the line);
 * then inserts the new ones. A question already tied to the same entry (in the project or earlier in the file)
 * is skipped.
 */
export async function importQaTrainingsCsv(
  trx: Db,
  scope: WriteScope,
  text: string,
): Promise<{ created: number; skipped: number }> {
  const rows = parseCsvRows(text, QA_CSV_COLUMNS, MAX_QA_CSV_ROWS);
  const entries = await trx
    .selectFrom('knowledges')
    .select(['id', 'link'])
    .where('project_id', '=', scope.projectId)
    .execute();
  const ids = new Set(entries.map((e) => e.id));
  const byLink = new Map<string, number[]>();
  for (const e of entries) if (e.link) byLink.set(e.link, [...(byLink.get(e.link) ?? []), e.id]);
  const key = (q: QaInput) => `${q.knowledge_id ?? ''}\u0001${q.question.toLowerCase()}`;
  const seen = new Set((await listQaTrainings(trx, scope.projectId)).map(key));
  const inputs: QaInput[] = [];
  let skipped = 0;
  for (const { line, cells, first } of rows) {
    // A first line naming other columns (`question,answer`) is a wrong header, not a question.
    if (first && (looksLikeHeader(cells) || cells.length > 3)) throw invalidInput(wrongHeader(QA_CSV_COLUMNS, cells));
    if (cells.length < 1 || cells.length > 3)
      throw invalidInput(`Line ${line}: expected 3 columns (question,knowledge_id,link), found ${cells.length}.`);
    const question = cells[0]!.trim();
    if (!question) throw invalidInput(`Line ${line}: ${QA_QUESTION_EMPTY}.`);
    if (question.length > QA_QUESTION_MAX || question.includes('\u0000'))
      throw invalidInput(`Line ${line}: ${QA_QUESTION_TOO_LONG}.`);
    const idCell = (cells[1] ?? '').trim();
    const link = (cells[2] ?? '').trim();
    let knowledgeId: number | null = null;
    if (idCell) {
      const id = Number(idCell);
      if (!Number.isInteger(id) || !ids.has(id))
        throw invalidInput(`Line ${line}: knowledge entry ${quoteCell(idCell)} does not exist in this project.`);
      knowledgeId = id;
    } else if (link) {
      const matches = byLink.get(link) ?? [];
      if (matches.length === 0) throw invalidInput(`Line ${line}: no knowledge entry has the link ${quoteCell(link)}.`);
      if (matches.length > 1)
        throw invalidInput(
          `Line ${line}: ${matches.length} knowledge entries have the link ${quoteCell(link)}; give knowledge_id.`,
        );
      knowledgeId = matches[0]!;
    }
    const input = { question, knowledge_id: knowledgeId };
    if (seen.has(key(input))) {
      skipped++;
      continue;
    }
    seen.add(key(input));
    inputs.push(input);
  }
  await insertQaTrainings(trx, scope, inputs);
  return { created: inputs.length, skipped };
}
