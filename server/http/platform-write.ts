import type { FastifyReply } from 'fastify';
import { conflict } from '../domain-errors.ts';
import { HttpError } from './http-error.ts';
import type { Db } from '../db/database.ts';
import { claimAtime, readAtime } from '../history/atime.ts';
import { logUserAction } from '../history/users-log.ts';

/**
 * Users, roles and project assignments belong to no single project, so their change time is kept under
 * this pseudo project: two administrators in different projects still see each other's edits (DESIGN §3).
 */
export const PLATFORM_SCOPE = 0;

export interface PlatformWriteContext {
  db: Db;
  reply: FastifyReply;
  query: { atime?: number };
  userId: number | null;
  projectId: number | null;
}

/** Answers the platform resource's atime in x-atime (GET calls of users and roles). */
export async function sendPlatformAtime(
  ctx: Pick<PlatformWriteContext, 'db' | 'reply'>,
  resource: string,
): Promise<void> {
  ctx.reply.header('x-atime', String(await readAtime(ctx.db, PLATFORM_SCOPE, resource)));
}

/**
 * One transaction: compare-and-set of the resource's atime (428 without one, 409 when stale), the write, the
 * users-log line. Resources in `alsoBumps` move forward too (their readers must reload). x-atime is sent only
 * after the commit, so a rolled-back write never hands out an atime that does not exist.
 */
export async function platformWrite<T>(
  ctx: PlatformWriteContext,
  resource: string,
  write: (trx: Db) => Promise<T>,
  action: (result: T) => string,
  alsoBumps: string[] = [],
): Promise<T> {
  const seen = ctx.query.atime;
  if (seen === undefined) throw new HttpError(428, 'atime is required.');
  const { result, atime } = await ctx.db.transaction().execute(async (trx) => {
    const claimed = await claimAtime(trx, PLATFORM_SCOPE, resource, seen);
    if (claimed === null) throw conflict();
    const out = await write(trx);
    for (const other of alsoBumps) await claimAtime(trx, PLATFORM_SCOPE, other, Number.MAX_SAFE_INTEGER);
    await logUserAction(trx, { userId: ctx.userId, projectId: ctx.projectId, action: action(out) });
    return { result: out, atime: claimed };
  });
  ctx.reply.header('x-atime', String(atime));
  return result;
}
