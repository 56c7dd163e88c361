import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  INTENT_TOASTS,
  deleteIntent,
  deleteIntentTemplate,
  getIntents,
  getIntentsExport,
  importIntents,
  insertIntentTemplate,
  intentsExportFileName,
  putIntent,
  putNegatedTemplate,
  stripStopwords,
  updateIntents,
} from '../../../src/api/contract/intents.ts';
import type { RouteServices } from '../../http/register-call.ts';
import { registerCall } from '../../http/register-call.ts';
import { readUploadedCsv } from '../../http/uploaded-csv.ts';
import { stripStopwords as strip, toggleTemplateNegation } from '../../nlu/index.ts';
import { attachmentHeader } from '../../csv/csv-export.ts';
import * as intents from './intents.ts';
import { exportIntentsCsv, importIntentRows, parseIntentsCsv } from './intents-csv.ts';
import { readNluSettings } from '../settings/nlu-settings.ts';

export default async function intentRoutes(
  app: FastifyInstance,
  services: RouteServices & { config: { importMaxBytes: number } },
) {
  /** The intents as CSV `intent,template` (formula-safe), downloaded as intents_{project_id}.csv. */
  async function sendIntentsCsv(ctx: {
    db: typeof services.db;
    reply: FastifyReply;
    projectId: number;
    log: (action: string) => Promise<void>;
  }): Promise<string> {
    const csv = await exportIntentsCsv(ctx.db, ctx.projectId);
    await ctx.log('Exported intents');
    ctx.reply.header('content-type', 'text/csv; charset=utf-8');
    ctx.reply.header('content-disposition', attachmentHeader(intentsExportFileName(ctx.projectId)));
    return csv;
  }

  registerCall(app, services, getIntents, async ({ query, requireProject, db, reply, log }) => {
    const projectId = requireProject();
    if (query.format === 'csv') return reply.send(await sendIntentsCsv({ db, reply, projectId, log })) as never;
    // A past state: its x-atime would let the client save over changes it has not seen.
    if (query.mtime !== undefined) reply.removeHeader('x-atime');
    return intents.auditedIntents(db, projectId, query.mtime);
  });

  registerCall(app, services, updateIntents, async ({ body, write, requireProject, user }) => {
    const projectId = requireProject();
    await write(`Saved ${body.length} intents`, (trx, atime) =>
      intents.replaceIntents(trx, { projectId, userId: user?.id ?? null, atime }, body),
    );
    return { status: 'ok' as const };
  });

  registerCall(app, services, putIntent, async ({ params, body, write, requireProject, user }) => {
    const projectId = requireProject();
    const name = body.name.trim();
    if (params.id === -1) {
      const id = await write(`Added intent ${name}`, (trx, atime) =>
        intents.insertIntent(trx, { projectId, userId: user?.id ?? null, atime }, body.name),
      );
      return { id };
    }
    await write(`Renamed intent ${params.id} to ${name}`, (trx, atime) =>
      intents.renameIntent(trx, { projectId, userId: user?.id ?? null, atime }, params.id, body.name),
    );
    return { id: params.id };
  });

  registerCall(app, services, deleteIntent, async ({ params, write, requireProject, user }) => {
    const projectId = requireProject();
    await write(`Deleted intent ${params.id}`, (trx, atime) =>
      intents.deleteIntent(trx, { projectId, userId: user?.id ?? null, atime }, params.id),
    );
    return { status: 'ok' as const };
  });

  registerCall(app, services, insertIntentTemplate, async ({ params, body, write, requireProject, user }) => {
    const projectId = requireProject();
    const action = body.replaces === undefined ? 'Added template' : 'Edited template';
    await write(`${action} "${body.template.trim()}" of intent ${params.id}`, (trx, atime) =>
      intents.addTemplate(trx, { projectId, userId: user?.id ?? null, atime }, params.id, body.template, body.replaces),
    );
    return { status: 'ok' as const };
  });

  registerCall(app, services, deleteIntentTemplate, async ({ params, query, write, requireProject, user }) => {
    const projectId = requireProject();
    await write(`Deleted template "${query.template}" of intent ${params.id}`, (trx, atime) =>
      intents.deleteTemplate(trx, { projectId, userId: user?.id ?? null, atime }, params.id, query.template),
    );
    return { status: 'ok' as const };
  });

  registerCall(app, services, putNegatedTemplate, async ({ query, body, requireProject, db }) => {
    const language = query.language ?? (await readNluSettings(db, requireProject())).language;
    return { templates: body.templates.map((t) => toggleTemplateNegation(t, language)) };
  });

  registerCall(app, services, stripStopwords, async ({ query, body, requireProject, db }) => {
    const language = query.language ?? (await readNluSettings(db, requireProject())).language;
    return { preprocessed: strip(body.template, language) };
  });

  registerCall(app, services, getIntentsExport, async ({ requireProject, db, reply, log }) =>
    sendIntentsCsv({ db, reply, projectId: requireProject(), log }),
  );

  registerCall(app, services, importIntents, async ({ request, query, write, requireProject, user }) => {
    const projectId = requireProject();
    const rows = parseIntentsCsv(await readUploadedCsv(request, services.config.importMaxBytes));
    const result = await write(`Imported intents (${rows.length} rows, ${query.mode})`, (trx, atime) =>
      importIntentRows(trx, { projectId, userId: user?.id ?? null, atime }, rows, query.mode),
    );
    return {
      status: 'ok' as const,
      message: INTENT_TOASTS.imported,
      intents_created: result.intentsCreated,
      templates_added: result.templatesAdded,
    };
  });
}
