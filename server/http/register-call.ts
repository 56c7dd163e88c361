import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { type CallDefinition, needsAtime } from '../../src/api/contract/call.ts';
import type { CurrentUser } from '../../src/api/contract/users.ts';
import type { Db } from '../db/database.ts';
import { claimAtime, readAtime } from '../history/atime.ts';
import { logUserAction } from '../history/users-log.ts';
import { conflict } from '../domain-errors.ts';
import { HttpError } from './http-error.ts';

// NonNullable: the contract's schemas are optional properties, but a declared one is always validated.
type Out<T> = NonNullable<T> extends z.ZodType ? z.output<NonNullable<T>> : undefined;

/**
 * What every route plugin gets of the application scope (server/app-scope.ts), at least. A feature's routes declare
 * the rest they use beside it (`RouteServices & { jobs: JobRunner | null }`), so no feature imports the app.
 */
export interface RouteServices {
  db: Db;
}

export interface CallContext<C extends CallDefinition> {
  query: Out<C['query']>;
  body: Out<C['body']>;
  params: Out<C['params']>;
  user: CurrentUser | null;
  /** The project of the query, already checked by the access hook. */
  projectId: number | null;
  request: FastifyRequest;
  reply: FastifyReply;
  db: Db;
  /** The signed-in user, or 401. */
  requireUser(): CurrentUser;
  /** The query's project, or 400. */
  requireProject(): number;
  /**
   * A configuration write (DESIGN §3, §5): one transaction that first moves the resource's atime by
   * compare-and-set (409 when stale, 428 when missing), then runs `write` with the new atime, and appends
   * the users-log line. The new atime goes back in x-atime.
   */
  write<T>(action: string, write: (trx: Db, atime: number) => Promise<T>, resource?: string): Promise<T>;
  /** Appends a users-log line outside a configuration write (logins, uploads, runs). */
  log(action: string): Promise<void>;
}

/**
 * A route's own log level: the widget's per-message calls log at `warn` (issue 15: two synchronous info lines per
 * message were the largest self time under load; the transcript is in the conversation anyway). Warnings and
 * errors (503s, 500s) are logged as on every route.
 */
export interface RouteLogging {
  logLevel?: 'warn';
}

export function registerCall<C extends CallDefinition>(
  app: FastifyInstance,
  services: RouteServices,
  call: C,
  handler: (ctx: CallContext<C>) => Promise<Out<C['response']>>,
  options: RouteLogging = {},
): void {
  const { db } = services;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: call.method,
    url: call.path,
    ...(options.logLevel ? { logLevel: options.logLevel } : {}),
    config: { access: call.access, resource: call.resource },
    schema: {
      summary: call.summary ?? call.name,
      operationId: call.name,
      ...(call.query ? { querystring: call.query } : {}),
      ...(call.body ? { body: call.body } : {}),
      ...(call.params ? { params: call.params } : {}),
      response: { 200: call.response },
    },
    handler: async (request, reply) => {
      const projectId = request.projectId;
      const query = (request.query ?? {}) as { atime?: number };
      const ctx: CallContext<C> = {
        query: request.query as Out<C['query']>,
        body: request.body as Out<C['body']>,
        params: request.params as Out<C['params']>,
        user: request.user,
        projectId,
        request,
        reply,
        db,
        requireUser() {
          if (!request.user) throw new HttpError(401, 'Not logged in.');
          return request.user;
        },
        requireProject() {
          if (projectId === null) throw new HttpError(400, 'project_id is required.');
          return projectId;
        },
        async write(action, write, resource = call.resource) {
          const project = ctx.requireProject();
          if (needsAtime(call) && query.atime === undefined) throw new HttpError(428, 'atime is required.');
          let claimed = 0;
          const result = await db.transaction().execute(async (trx) => {
            const atime = await claimAtime(trx, project, resource, query.atime ?? Number.MAX_SAFE_INTEGER);
            if (atime === null) throw conflict();
            claimed = atime;
            const out = await write(trx, atime);
            await logUserAction(trx, { userId: request.user?.id ?? null, projectId: project, action });
            return out;
          });
          // Only a committed change hands out its atime: a rolled-back one never reaches the client.
          reply.header('x-atime', String(claimed));
          return result;
        },
        async log(action) {
          await logUserAction(db, { userId: request.user?.id ?? null, projectId, action });
        },
      };
      if (call.method === 'GET' && projectId !== null && call.access.kind === 'grant') {
        reply.header('x-atime', String(await readAtime(db, projectId, call.resource)));
      }
      return handler(ctx);
    },
  });
}
