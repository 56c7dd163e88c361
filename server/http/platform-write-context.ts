import type { FastifyReply } from 'fastify';
import type { CurrentUser } from '../../src/api/contract/users.ts';
import type { Db } from '../db/database.ts';
import type { PlatformWriteContext } from './platform-write.ts';

/** A platform-wide write (users, roles) as the signed-in caller, from the call's context. */
export const platformWriteContext = (ctx: {
  db: Db;
  reply: FastifyReply;
  query: { atime?: number };
  requireUser(): CurrentUser;
  projectId: number | null;
}): PlatformWriteContext => ({
  db: ctx.db,
  reply: ctx.reply,
  query: ctx.query,
  userId: ctx.requireUser().id,
  projectId: ctx.projectId,
});
