import type { FastifyInstance } from 'fastify';
import {
  deleteConversationNote,
  getConversation,
  getConversations,
  saveConversationLabels,
  saveConversationNote,
} from '../../../src/api/contract/conversations.ts';
import type { RouteServices } from '../../http/register-call.ts';
import { registerCall } from '../../http/register-call.ts';
import {
  CONVERSATION_CSV_HEADER,
  conversationDetail,
  conversationRows,
  deleteNote,
  listConversations,
  saveNote,
  setLabels,
} from './conversations.ts';
import { attachmentHeader, csvStream } from '../../csv/csv-export.ts';

export default async function conversationRoutes(app: FastifyInstance, services: RouteServices) {
  registerCall(app, services, getConversations, async ({ db, query, requireProject, reply }) => {
    const projectId = requireProject();
    if (query.format === 'csv') {
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', attachmentHeader('conversations.csv'));
      return reply.send(csvStream(CONVERSATION_CSV_HEADER, conversationRows(db, projectId, query))) as never;
    }
    return listConversations(db, projectId, query);
  });

  registerCall(app, services, getConversation, async ({ db, params, requireProject }) =>
    conversationDetail(db, requireProject(), params.id),
  );

  registerCall(app, services, saveConversationNote, async ({ params, body, user, requireProject, write }) => {
    const projectId = requireProject();
    const id = await write(
      `${params.id === -1 ? 'Added' : 'Edited'} a note of conversation ${body.conversation_id}`,
      (trx) =>
        saveNote(trx, {
          projectId,
          userId: user?.id ?? null,
          id: params.id,
          conversationId: body.conversation_id,
          text: body.text,
        }),
    );
    return { id };
  });

  registerCall(app, services, deleteConversationNote, async ({ params, requireProject, write }) => {
    const projectId = requireProject();
    await write(`Deleted note ${params.id}`, (trx) => deleteNote(trx, projectId, params.id));
    return { status: 'ok' as const };
  });

  registerCall(app, services, saveConversationLabels, async ({ params, body, requireProject, write }) => {
    const projectId = requireProject();
    const labels = await write(`Labelled conversation ${params.id}: ${body.labels.join(', ')}`, (trx) =>
      setLabels(trx, projectId, params.id, body.labels),
    );
    return { labels };
  });
}
