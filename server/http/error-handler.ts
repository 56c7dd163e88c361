import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable } from '../db/unavailable.ts';
import { DomainError, type DomainErrorKind } from '../domain-errors.ts';
import { HttpError } from './http-error.ts';

interface ValidationIssue {
  instancePath?: string;
  message?: string;
}

/** Messages that are not ours (Fastify's, a parser's) are cut here: they may quote what the client sent. */
const FOREIGN_MESSAGE_MAX = 300;
/**
 * Our own messages are bounded where they are built (a call list's 50 problem lines with their cells quoted at 60
 * characters stay under 13,000); this only keeps a message that echoes a megabyte of input from answering with it.
 */
const OWN_MESSAGE_MAX = 20_000;

const shorten = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** "body.email: Invalid email address" — a message a person can read, never a stack (ASVS 16.5.1). */
function describeValidation(context: string | undefined, issues: ValidationIssue[]): string {
  const first = issues[0];
  const where = [context, first?.instancePath?.replace(/^\//, '').replaceAll('/', '.')].filter(Boolean).join('.');
  return shorten(`${where ? `${where}: ` : ''}${first?.message ?? 'Invalid input'}`, FOREIGN_MESSAGE_MAX);
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.code(400).send({
        statusCode: 400,
        error: 'Bad Request',
        message: describeValidation(error.validationContext, error.validation),
      });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, cause: error.cause }, 'response does not match the contract');
      return reply
        .code(500)
        .send({ statusCode: 500, error: 'Internal Server Error', message: 'Something went wrong.' });
    }
    // The database stopped, restarts or fails over: the request may be repeated once it is back (the pool
    // reconnects by itself). 503 with a plain message, never the driver's words (issue 15 §4).
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ code: (error as { code?: unknown }).code }, 'database unavailable: answered 503');
      return reply
        .code(503)
        .header('retry-after', '1')
        .send({ statusCode: 503, error: 'Service Unavailable', message: DATABASE_UNAVAILABLE });
    }
    const invalidValue = databaseInputError(error);
    if (invalidValue) return reply.code(400).send({ statusCode: 400, error: 'Bad Request', message: invalidValue });
    const status =
      error instanceof DomainError
        ? statusOfKind[error.kind]
        : typeof error.statusCode === 'number' && error.statusCode >= 400
          ? error.statusCode
          : 500;
    // 503 from our own HttpError says what is unavailable (speech engine, database); any other 5xx stays opaque.
    if (status >= 500 && !(status === 503 && error instanceof HttpError)) {
      request.log.error({ err: error }, 'request failed');
      return reply
        .code(500)
        .send({ statusCode: 500, error: 'Internal Server Error', message: 'Something went wrong.' });
    }
    // Our own refusals are built to be read whole: a list of bad lines is cut where it is built, keeping its
    // "… and N more" (issue 33). Only messages of the framework and libraries, which may echo the request, are cut.
    const ours = error instanceof DomainError || error instanceof HttpError;
    const text = (error.message || 'Bad request.').replace(/^FST_\w+: /, '');
    const message = shorten(text, ours ? OWN_MESSAGE_MAX : FOREIGN_MESSAGE_MAX);
    return reply.code(status).send({ statusCode: status, error: errorName(status), message });
  });
  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({
      statusCode: 404,
      error: 'Not Found',
      message: `No route ${request.method} ${request.url.split('?')[0]?.slice(0, 200)}`,
    });
  });
}

/** The status code that answers each kind of domain error (the domain says "conversation ended", HTTP says 410). */
const statusOfKind: Record<DomainErrorKind, number> = {
  invalid: 400,
  'not-logged-in': 401,
  'not-permitted': 402,
  'not-found': 404,
  conflict: 409,
  ended: 410,
  'unsupported-type': 415,
};

function errorName(status: number): string {
  const names: Record<number, string> = {
    400: 'Bad Request',
    401: 'Unauthorized',
    402: 'Payment Required',
    403: 'Forbidden',
    404: 'Not Found',
    409: 'Conflict',
    413: 'Payload Too Large',
    415: 'Unsupported Media Type',
    428: 'Precondition Required',
    429: 'Too Many Requests',
    503: 'Service Unavailable',
  };
  return names[status] ?? 'Error';
}

/**
 * Values the contract let through but PostgreSQL cannot store (NUL in text, numbers out of range, malformed
 * literals) are the caller's mistake: 400 with a plain message, never 500 (QUALITY: malformed input).
 */
const databaseInputErrors: Record<string, string> = {
  '22021': 'Text contains characters that cannot be stored.',
  '22P05': 'Text contains characters that cannot be stored.',
  '22003': 'A number is out of range.',
  '22P02': 'A value has the wrong format.',
  '22001': 'A value is too long.',
  '22007': 'A date or time has the wrong format.',
  '22008': 'A date or time is out of range.',
};

function databaseInputError(error: unknown): string | null {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? (databaseInputErrors[code] ?? null) : null;
}
