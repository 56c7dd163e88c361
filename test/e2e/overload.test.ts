// Issue 35 item 3: a server past its bound of work in flight refuses with 503; the widget says it is reconnecting and
// gets through by itself once there is room. The server's bound is tiny (MAX_REQUESTS_IN_FLIGHT=3) and the test fills
// it with requests whose bodies never come (raw sockets), so "busy" is exactly what the test holds.
// Needs the build first (`npx vite build`), which writes dist/chatbot/bundle.js.

import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_NOTICES } from '../../src/machines/chat/texts.ts';
import { openBrowser, screenshot, type TestBrowser } from './helpers/browser.ts';
import { E2E_ADMIN_PASSWORD, type RunningServer, startServer } from './helpers/server.ts';
import { openWidget, sayToWidget, serveWidgetPage, type WidgetPage } from './helpers/widget-page.ts';

const LIMIT = 3;
let server: RunningServer;
let browser: TestBrowser;
let site: WidgetPage;
const held: net.Socket[] = [];

/** The demo project's chatbot token, read as the administrator would in Settings. */
async function chatbotToken(): Promise<string> {
  const login = await fetch(`${server.url}/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'console' },
    body: JSON.stringify({ email: 'admin@example.com', passwd: E2E_ADMIN_PASSWORD }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
  const me = (await login.json()) as { user: { id: number } };
  await fetch(`${server.url}/v1/users/change-my-passwd?id=${me.user.id}`, {
    method: 'PUT',
    headers: { cookie, 'content-type': 'application/json', 'x-requested-with': 'console' },
    body: JSON.stringify({ passwd: 'Overload-e2e: slow amber herons wait 4' }),
  });
  const answer = await fetch(`${server.url}/v1/project/api-token?project_id=1`, {
    headers: { cookie, 'x-requested-with': 'console' },
  });
  if (!answer.ok) throw new Error(`token: ${answer.status} ${await answer.text()}`);
  return ((await answer.json()) as { token: string }).token;
}

/** Fills the server's bound: requests whose headers arrive and whose bodies never do. */
async function fillTheBound(): Promise<void> {
  const { port } = new URL(server.url);
  // One more than the bound: a poll below may take a slot while they arrive, and then one of them is refused.
  for (let i = 0; i <= LIMIT; i++) {
    const socket = net.connect(Number(port), '127.0.0.1');
    held.push(socket);
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(
      `POST /v1/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{`,
    );
  }
  // Until the server counts them: a call is refused.
  for (let i = 0; i < 100; i++) {
    const res = await fetch(`${server.url}/v1/auth/logout`, {
      method: 'POST',
      headers: { 'x-requested-with': 'console' },
    });
    if (res.status === 503) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the held requests never filled the bound');
}
const freeTheBound = () => {
  for (const socket of held.splice(0)) socket.destroy();
};

describe('a busy server (e2e)', () => {
  beforeAll(async () => {
    server = await startServer({ MAX_REQUESTS_IN_FLIGHT: String(LIMIT) });
    browser = await openBrowser();
    site = await serveWidgetPage(server.url, { token: await chatbotToken(), env: 'dev', projectId: 1 });
  }, 120_000);

  afterAll(async () => {
    freeTheBound();
    await browser?.close();
    await site?.close();
    await server?.stop();
  });

  it('the widget says it is reconnecting while refused, and its message gets through once there is room', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
    await page.goto(site.url);
    const frame = await openWidget(page);
    await frame.getByText('Welcome to the Demo pizzeria! How can I help you?').waitFor({ timeout: 30_000 });

    await fillTheBound();
    await sayToWidget(frame, 'when are you open');
    // Refused (503): the message stays shown as on its way, and the widget says it is reconnecting, no error.
    await frame.getByText(CHAT_NOTICES.reconnecting).waitFor({ timeout: 15_000 });
    await expect(frame.getByText('when are you open').count()).resolves.toBe(1);
    await expect(frame.getByText(CHAT_NOTICES.sendFailed).count()).resolves.toBe(0);
    // The health check is outside the bound.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    await screenshot(page, 'widget-reconnecting');

    freeTheBound();
    // The backoff ends and the same message goes again: answered once, the note gone.
    await frame.getByText('We are open every day from 11:00 to 22:00.').waitFor({ timeout: 30_000 });
    await expect(frame.getByText(CHAT_NOTICES.reconnecting).count()).resolves.toBe(0);
    await expect(frame.getByText('when are you open').count()).resolves.toBe(1);
    await page.close();
  }, 120_000);
});
