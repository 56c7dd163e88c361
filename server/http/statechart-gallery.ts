// The statechart gallery (docs/statecharts, written by `npm run statecharts`) for signed-in staff at /docs/statecharts/.
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { SESSION_COOKIE, resolveSession } from '../auth/sessions.ts';
import type { Db } from '../db/database.ts';
import { loadCurrentUser } from '../auth/current-user.ts';
import { notLoggedIn } from '../domain-errors.ts';

export const STATECHARTS_PREFIX = '/docs/statecharts/';

export async function statechartGallery(app: FastifyInstance, options: { db: Db; root: string }): Promise<void> {
  // A page, not an API call: the session cookie is enough (no console header), and any signed-in user may read it.
  app.addHook('onRequest', async (request) => {
    const userId = await resolveSession(options.db, request.cookies[SESSION_COOKIE]);
    const user = userId === null ? null : await loadCurrentUser(options.db, userId);
    if (!user) throw notLoggedIn();
  });
  // The console's own static plugin decorates the reply; this second one must not.
  await app.register(fastifyStatic, {
    root: options.root,
    prefix: STATECHARTS_PREFIX,
    decorateReply: false,
    index: ['index.html'],
  });
  // Without the slash the page's relative links (gallery/…) would resolve against /docs/.
  app.get(STATECHARTS_PREFIX.slice(0, -1), (_request, reply) => reply.redirect(STATECHARTS_PREFIX, 301));
}
