import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import {
  ATTACHMENT_MAX_FILES,
  ATTACHMENT_TYPES,
  CHAT_TEXTS,
  chatAttachment,
  chatAttachments,
  chatInit,
  chatProvisional,
  chatReadUtter,
  chatSend,
  chatTimeout,
} from '../../../src/api/contract/chat.ts';
import type { RouteServices } from '../../http/register-call.ts';
import type { SpeechEngine } from '../../speech/speech-engine.ts';
import type { ChatRuntime } from './chat-runtime.ts';
import { authenticateChat, chatTurnCaller } from './chat-caller.ts';
import { runtimeLanguage } from './runtime-language.ts';
import { readSpeechSettings } from '../settings/speech-settings.ts';
import { TrackerClock } from '../../chat/tracker.ts';
import type { TurnInput } from '../../chat/run-turn.ts';
import { SpeechUnavailableError } from '../../speech/speech-engine.ts';
import { findAttachment, storeAttachments } from './chat-attachments.ts';
import { attachmentHeader } from '../../csv/csv-export.ts';
import { invalidInput, notFound } from '../../domain-errors.ts';
import { HttpError } from '../../http/http-error.ts';
import { registerCall } from '../../http/register-call.ts';
import { readFilePart, uploadLimits, uploadRefusal } from '../../http/uploaded-file.ts';

/**
 * The chat calls (spec 1 §7). Declared public to the access hook: each authenticates itself with the
 * console session (POST /chat grant) or the chatbot token, see chat-caller.ts.
 */
export default async function chatRoutes(
  app: FastifyInstance,
  services: RouteServices & { chat: ChatRuntime; speech: SpeechEngine; config: { attachmentMaxBytes: number } },
) {
  const { db } = services;
  // The calls every message (or its polling) makes: no info line per request (register-call.ts).
  const perMessage = { logLevel: 'warn' } as const;
  const { engine } = services.chat;
  const { speech } = services;

  registerCall(app, services, chatInit, async ({ request, query, body }) => {
    // The widget's token is checked by the opening's one read (as a message's is); a session is resolved here.
    const caller = await chatTurnCaller(db, request);
    return engine.start(caller, query.conversation_token, body.get_meta);
  });

  /** A message or a timer's timeout: one turn of the conversation. */
  const turn = async (
    request: FastifyRequest,
    query: { id: number; conversation_token: string },
    body: { last_ts: number; get_meta: boolean },
    input: TurnInput,
  ) => {
    const caller = await chatTurnCaller(db, request);
    return engine.send(caller, query.id, query.conversation_token, input, body.last_ts, body.get_meta);
  };
  registerCall(
    app,
    services,
    chatSend,
    ({ request, query, body }) => turn(request, query, body, { kind: 'message', text: body.msg }),
    perMessage,
  );
  registerCall(
    app,
    services,
    chatTimeout,
    ({ request, query, body }) => turn(request, query, body, { kind: 'timeout', reaction: body.reaction }),
    perMessage,
  );
  registerCall(
    app,
    services,
    chatProvisional,
    async ({ request, query, body }) => {
      const caller = await authenticateChat(db, request);
      return engine.provisional(caller, query.id, query.conversation_token, body.last_ts, body.get_meta);
    },
    perMessage,
  );

  registerCall(app, services, chatAttachments, async ({ request, query }) => {
    const caller = await authenticateChat(db, request);
    await engine.conversation(caller, query.id, query.conversation_token);
    if (!request.isMultipart()) throw new HttpError(415, 'Send the files as multipart/form-data.');
    const files: { name: string; mime: string; content: Buffer }[] = [];
    const fields: Record<string, string> = {};
    // @fastify/multipart is registered by the app; the chat's own limits apply to this call.
    const maxBytes = services.config.attachmentMaxBytes;
    // One byte over the limit for busboy: readFilePart refuses a file over it whole, even one the plugin handed over cut.
    const parts = request.parts({
      limits: { ...uploadLimits(maxBytes), files: ATTACHMENT_MAX_FILES, fields: 10, fieldSize: 1000, parts: 20 },
    });
    const iterator = parts[Symbol.asyncIterator]();
    const next = async () => {
      try {
        return await iterator.next();
      } catch (error) {
        throw uploadRefusal(error, maxBytes);
      }
    };
    for (let item = await next(); !item.done; item = await next()) {
      const part = item.value;
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      const content = await readFilePart(part, maxBytes);
      // The content decides the type, never the client's claim (QUALITY: uploads).
      const detected = await fileTypeFromBuffer(content);
      if (!detected || !(ATTACHMENT_TYPES as readonly string[]).includes(detected.mime)) {
        throw new HttpError(
          415,
          `${safeName(part.filename)}: only PNG, JPEG, GIF, WebP images and PDF files are accepted.`,
        );
      }
      files.push({ name: safeName(part.filename), mime: detected.mime, content });
    }
    if (files.length === 0) throw invalidInput(CHAT_TEXTS.chooseFile);
    const lastTs = Number(fields.last_ts ?? 0) || 0;
    const index = fields.chat_attachment_index ?? null;
    const stored = await storeAttachments(db, caller.projectId, query.id, files);
    const answer = await engine.append(
      caller,
      query.id,
      query.conversation_token,
      (c) => {
        const clock = new TrackerClock(c.lastTs);
        return stored.map((a) => ({
          type: 'utter' as const,
          value: a.name,
          args: { who: 'user', attachment: a, chat_attachment_index: index },
          timestamp: clock.next(),
        }));
      },
      lastTs,
      false,
    );
    return { ...answer, attachments: stored };
  });

  registerCall(app, services, chatAttachment, async ({ request, query, params, reply }) => {
    const caller = await authenticateChat(db, request);
    await engine.conversation(caller, query.id, query.conversation_token);
    const row = await findAttachment(db, caller.projectId, query.id, params.attachment_id);
    if (!row) throw notFound(CHAT_TEXTS.noAttachment);
    reply
      .header('content-type', row.mime)
      .header('content-disposition', attachmentHeader(row.name))
      .header('x-content-type-options', 'nosniff');
    return reply.send(Buffer.from(row.content)) as never;
  });

  registerCall(app, services, chatReadUtter, async ({ request, query, body, reply }) => {
    const caller = await authenticateChat(db, request);
    const conversation = await engine.conversation(caller, query.id, query.conversation_token);
    // Only what the bot said in this conversation is read aloud: this is not a general speech service.
    const said = conversation.tracker.some(
      (e) => e.type === 'utter' && e.args.who !== 'user' && e.value === body.utter,
    );
    if (!said) throw notFound('The bot did not say this in the conversation.');
    try {
      // The project's voice and pitch; the speed is the chat window's own (its client flag `$read-speed`).
      const { voice, pitch } = await readSpeechSettings(db, caller.projectId);
      const wav = await speech.synthesize(body.utter, {
        language: await runtimeLanguage(db, caller.projectId),
        voice,
        pitch,
        speed: query.speed,
      });
      reply.header('content-type', 'audio/wav');
      return reply.send(wav) as never;
    } catch (error) {
      if (error instanceof SpeechUnavailableError) throw new HttpError(503, error.message);
      throw error;
    }
  });
}

/** A file name to show: no path, no control characters, at most 200 characters. */
function safeName(name: string | undefined): string {
  const base = (name ?? 'file').split(/[\\/]/).pop() ?? 'file';
  const printable = [...base].filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f).join('');
  return printable.slice(0, 200) || 'file';
}
