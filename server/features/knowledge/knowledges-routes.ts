import type { FastifyInstance } from 'fastify';
import {
  KNOWLEDGE_TOASTS,
  deleteKnowledge,
  getKnowledges,
  getReindexStatus,
  importKnowledgeCsv,
  importKnowledgeFile,
  importKnowledgeUrl,
  putKnowledge,
  runReindex,
  searchKnowledge,
} from '../../../src/api/contract/knowledges.ts';
import type { RouteServices } from '../../http/register-call.ts';
import type { JobRunner } from '../../jobs/job-runner.ts';
import type { KnowledgeCache } from './knowledge-cache.ts';
import { registerCall } from '../../http/register-call.ts';
import { readUploadedCsv } from '../../http/uploaded-csv.ts';
import { readPage, readStorageFile } from './import/import-document.ts';
import { knowledgeSettings, queueReindex, reindexStatus } from './knowledge-reindex.ts';
import * as knowledges from './knowledges.ts';
import { importKnowledgeRows, parseKnowledgeCsv } from './knowledges-csv.ts';

/** The entry's title for the users log (never the whole text). */
const label = (e: { title: string; link: string; knowledge: string }) =>
  (e.title || e.link || e.knowledge).slice(0, 80);

export default async function knowledgeRoutes(
  app: FastifyInstance,
  services: RouteServices & {
    jobs: JobRunner | null;
    bots: { knowledge: KnowledgeCache };
    config: { importMaxBytes: number };
  },
) {
  registerCall(app, services, getKnowledges, async ({ query, requireProject, db, reply }) => {
    const projectId = requireProject();
    if (query.mtime !== undefined) reply.removeHeader('x-atime');
    return knowledges.auditedKnowledges(db, projectId, query.mtime);
  });

  registerCall(app, services, putKnowledge, async ({ params, body, write, requireProject, requireUser }) => {
    const projectId = requireProject();
    const user = requireUser();
    const verb = params.id === -1 ? 'Added' : 'Saved';
    const id = await write(`${verb} knowledge entry ${label(body)}`, (trx, atime) =>
      knowledges.saveKnowledge(trx, { projectId, userId: user.id, atime }, params.id, body),
    );
    return { id };
  });

  registerCall(app, services, deleteKnowledge, async ({ params, write, requireProject, requireUser }) => {
    const projectId = requireProject();
    const user = requireUser();
    await write(`Deleted knowledge entry ${params.id}`, (trx, atime) =>
      knowledges.deleteKnowledge(trx, { projectId, userId: user.id, atime }, params.id),
    );
    return { status: 'ok' as const };
  });

  // The page is fetched before the transaction: nothing is written unless it was read and has text.
  registerCall(app, services, importKnowledgeUrl, async ({ body, write, requireProject, requireUser }) => {
    const projectId = requireProject();
    const user = requireUser();
    const page = await readPage(body.url);
    const entry = { link: body.url, title: body.title.trim() || page.title, knowledge: page.text };
    const created = await write(`Imported knowledge from ${body.url.slice(0, 200)}`, async (trx, atime) => ({
      ...(await knowledges.insertKnowledge(trx, { projectId, userId: user.id, atime }, entry, 'url')),
      version: atime,
    }));
    return { ...created, who: user.name };
  });

  registerCall(app, services, importKnowledgeFile, async ({ body, write, requireProject, requireUser, db }) => {
    const projectId = requireProject();
    const user = requireUser();
    const doc = await readStorageFile(db, projectId, body.file, body.version);
    const entry = { link: body.link, title: body.title.trim() || doc.title, knowledge: doc.text };
    const created = await write(
      `Imported knowledge from file ${doc.name} (version ${doc.version})`,
      async (trx, atime) => ({
        ...(await knowledges.insertKnowledge(trx, { projectId, userId: user.id, atime }, entry, 'file', doc.name)),
        version: atime,
      }),
    );
    return { ...created, who: user.name };
  });

  registerCall(app, services, importKnowledgeCsv, async ({ request, write, requireProject, user }) => {
    const projectId = requireProject();
    const text = await readUploadedCsv(request, services.config.importMaxBytes);
    const rows = parseKnowledgeCsv(text);
    const created = await write(`Imported knowledge entries (${rows.length} rows)`, (trx, atime) =>
      importKnowledgeRows(trx, { projectId, userId: user?.id ?? null, atime }, rows),
    );
    return { status: 'ok' as const, message: KNOWLEDGE_TOASTS.imported, created };
  });

  registerCall(app, services, runReindex, async ({ requireProject, db, log }) => {
    const job = await queueReindex(db, requireProject());
    services.jobs?.kick();
    await log('Submitted the knowledge base for reindexing');
    return { status: 'ok' as const, job_id: job.id, state: job.status };
  });

  registerCall(app, services, getReindexStatus, async ({ requireProject, db }) => reindexStatus(db, requireProject()));

  registerCall(app, services, searchKnowledge, async ({ body, requireProject, db }) => {
    const projectId = requireProject();
    const [index, { threshold }] = await Promise.all([
      services.bots.knowledge.draft(projectId),
      knowledgeSettings(db, projectId),
    ]);
    const hits = index ? index.search(body.question, { limit: body.limit }) : [];
    return {
      hits: hits.map((h) => ({
        knowledge_id: h.entryId,
        link: h.link,
        title: h.title,
        passage: h.passage,
        answer: h.answer,
        score: h.score,
        confidence: h.confidence,
      })),
      threshold,
      answered: hits[0] !== undefined && hits[0].confidence >= threshold,
      indexed: index !== null,
    };
  });
}
