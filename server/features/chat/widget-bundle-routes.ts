import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { publicAccess } from '../../../src/api/contract/call.ts';
import type { RouteServices } from '../../http/register-call.ts';
import { HttpError } from '../../http/http-error.ts';
import { projectOfChatbotToken } from './chatbot-token.ts';
import { readSettings } from '../settings/settings.ts';

/** Where the widget lives in the built SPA (vite.config.ts builds it there). */
export const WIDGET_DIR = 'chatbot';

/**
 * Headers that let any site embed the widget: the script and its CSS load cross-origin (CORS and CORP allow
 * it), and the frame page may be framed by any page (its CSP's frame-ancestors and no X-Frame-Options).
 * Nothing here carries credentials or user data; the chat inside the frame authenticates with the token.
 */
function embeddable(reply: FastifyReply): FastifyReply {
  return reply
    .header('access-control-allow-origin', '*')
    .header('cross-origin-resource-policy', 'cross-origin')
    .header('cache-control', 'public, max-age=300');
}

const FRAME_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https: http:",
  "media-src 'self' blob:",
  "connect-src 'self' ws: wss:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  'frame-ancestors *',
].join('; ');

/** The frame page: our origin, so the chat calls are same-origin; the token comes in its query. */
const FRAME_HTML = `<!doctype html>
<html lang="en" data-chatbot-frame="1">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Chat</title>
<link rel="stylesheet" href="bundle.css"></head>
<body><div id="chatbot-root"></div><script src="bundle.js"></script></body>
</html>`;

/**
 * The embeddable chat widget (DESIGN §9, spec 2 §7): `bundle.js` and `bundle.css` from the build, the frame
 * page the bundle opens, and the project's client style for a chatbot token. Public by design.
 */
export default async function widgetBundleRoutes(
  app: FastifyInstance,
  services: RouteServices & { config: { distDir: string } },
) {
  const dir = path.join(services.config.distDir, WIDGET_DIR);
  const file = (name: string, type: string) => async (_request: unknown, reply: FastifyReply) => {
    const content = await fs.readFile(path.join(dir, name)).catch(() => null);
    if (!content) throw new HttpError(404, 'The chatbot bundle is not built. Run npx vite build.');
    return embeddable(reply).header('content-type', type).send(content);
  };
  const config = { access: publicAccess };
  app.get('/chatbot/bundle.js', { config }, file('bundle.js', 'text/javascript; charset=utf-8'));
  app.get('/chatbot/bundle.css', { config }, file('bundle.css', 'text/css; charset=utf-8'));

  app.get('/chatbot/frame', { config }, async (_request, reply) => {
    reply.removeHeader('x-frame-options');
    return reply
      .header('content-security-policy', FRAME_CSP)
      .header('cache-control', 'no-store')
      .header('content-type', 'text/html; charset=utf-8')
      .send(FRAME_HTML);
  });

  /** The project's chatbot_client_scss for its token, as CSS (flags are read from it by the widget). */
  app.get('/chatbot/client-style', { config }, async (request, reply) => {
    const token = String((request.query as Record<string, unknown>).chatbot_token ?? '');
    const projectId = await projectOfChatbotToken(services.db, token);
    if (projectId === null) throw new HttpError(401, 'Invalid chatbot token.');
    const settings = await readSettings(services.db, projectId);
    return embeddable(reply)
      .header('cache-control', 'no-store')
      .header('content-type', 'text/css; charset=utf-8')
      .send(settings.chatbot_client_scss ?? '');
  });
}
