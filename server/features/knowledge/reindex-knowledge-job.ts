import type { Db } from '../../db/database.ts';
import { buildKnowledgeIndex } from '../../knowledge/index.ts';
import { claimAtime } from '../../history/atime.ts';
import { readPage } from './import/import-document.ts';
import { storeDraftIndex } from './knowledge-index-store.ts';
import {
  REINDEX_KNOWLEDGE_JOB,
  type ReindexReport,
  knowledgeDataHash,
  knowledgeDocuments,
  knowledgeSettings,
} from './knowledge-reindex.ts';
import {
  KNOWLEDGES_RESOURCE,
  checkKnowledgeText,
  entryHash,
  knowledgeRows,
  markKnowledgeIndexed,
  refreshKnowledgeText,
  setKnowledgeIndexError,
} from './knowledges.ts';
import { recordRevision } from '../../history/revisions.ts';
import type { Job } from '../../jobs/job-queue.ts';

export { REINDEX_KNOWLEDGE_JOB };

/** URL entries are fetched this many at a time (each fetch is bounded by the page fetch's own limits). */
const FETCH_CONCURRENCY = 4;

/**
 * Refreshes the URL entries: a page whose text changed gets the new text (a revision by nobody, the resource's
 * atime moves so open screens reload before saving); unchanged text is skipped; a failed fetch keeps the old
 * text and records why on the entry.
 */
async function refreshUrlEntries(db: Db, projectId: number): Promise<ReindexReport> {
  const report: ReindexReport = { fetched: 0, changed: 0, unchanged: 0, failed: [] };
  const entries = (await knowledgeRows(db, projectId)).filter((r) => r.source === 'url' && r.link !== '');
  const outcomes = new Map<number, { text: string } | { error: string }>();
  for (let i = 0; i < entries.length; i += FETCH_CONCURRENCY) {
    await Promise.all(
      entries.slice(i, i + FETCH_CONCURRENCY).map(async (entry) => {
        try {
          const page = await readPage(entry.link);
          outcomes.set(entry.id, { text: checkKnowledgeText(page.text) });
        } catch (error) {
          outcomes.set(entry.id, { error: (error as Error).message });
        }
      }),
    );
  }
  for (const entry of entries) {
    const outcome = outcomes.get(entry.id)!;
    report.fetched++;
    if ('error' in outcome) {
      const error = `${outcome.error}; the previous text is kept`;
      report.failed.push({ id: entry.id, link: entry.link, error });
      await setKnowledgeIndexError(db, entry.id, error);
      continue;
    }
    if (outcome.text === entry.knowledge) {
      report.unchanged++;
      continue;
    }
    report.changed++;
    await db.transaction().execute(async (trx) => {
      // Only if nobody edited the entry meanwhile: their text wins over the page's.
      const updated = await refreshKnowledgeText(trx, entry.id, entry.knowledge, outcome.text);
      if (!updated) return;
      const atime = await claimAtime(trx, projectId, KNOWLEDGES_RESOURCE, Number.MAX_SAFE_INTEGER);
      await recordRevision(trx, {
        projectId,
        resource: KNOWLEDGES_RESOURCE,
        itemId: entry.id,
        time: atime!,
        userId: null,
        data: updated,
      });
    });
  }
  return report;
}

/**
 * The reindex job (issue 16 §2): refresh URL entries, build the index from every entry and the QA questions
 * tied to them, store it as the project's draft index, and mark each indexed entry with the hash it was
 * indexed with (an entry saved meanwhile stays pending).
 */
export async function reindexKnowledgeJob(db: Db, job: Job): Promise<void> {
  const projectId = job.project_id;
  if (projectId === null) throw new Error('A reindex job needs a project.');
  const project = await db.selectFrom('projects').select('id').where('id', '=', projectId).executeTakeFirst();
  if (!project) return;
  const report = await refreshUrlEntries(db, projectId);
  const failed = new Set(report.failed.map((f) => f.id));
  const { language } = await knowledgeSettings(db, projectId);
  const [documents, rows] = await Promise.all([knowledgeDocuments(db, projectId), knowledgeRows(db, projectId)]);
  const index = buildKnowledgeIndex(documents, language);
  await db.transaction().execute(async (trx) => {
    await storeDraftIndex(trx, projectId, {
      data: JSON.stringify(index.toJSON()),
      entries: documents.length,
      passages: index.passages,
      dataHash: knowledgeDataHash(language, documents),
      report,
    });
    for (const row of rows) {
      await markKnowledgeIndexed(trx, row.id, entryHash(row), !failed.has(row.id));
    }
  });
}
