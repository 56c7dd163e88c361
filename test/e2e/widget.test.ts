// The embeddable widget answers on a plain HTML page served from another port (another origin).
// Needs the build first (`npx vite build`), which writes dist/chatbot/bundle.js.
import http from 'node:http';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './helpers/browser.ts';
import { E2E_ADMIN_PASSWORD, type RunningServer, freePort, startServer } from './helpers/server.ts';

let server: RunningServer;
let browser: Browser;
let site: http.Server;
let siteUrl = '';

/** The demo project's chatbot token, read as the administrator would in Settings. */
async function chatbotToken(): Promise<string> {
  const login = await fetch(`${server.url}/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'console' },
    body: JSON.stringify({ email: 'admin@example.com', passwd: E2E_ADMIN_PASSWORD }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
  const me = (await login.json()) as { user: { id: number } };
  // The seeded administrator's password starts expired: change it first.
  await fetch(`${server.url}/v1/users/change-my-passwd?id=${me.user.id}`, {
    method: 'PUT',
    headers: { cookie, 'content-type': 'application/json', 'x-requested-with': 'console' },
    body: JSON.stringify({ passwd: 'Widget-e2e: brisk copper kites sing 9' }),
  });
  const answer = await fetch(`${server.url}/v1/project/api-token?project_id=1`, {
    headers: { cookie, 'x-requested-with': 'console' },
  });
  if (!answer.ok) throw new Error(`token: ${answer.status} ${await answer.text()}`);
  return ((await answer.json()) as { token: string }).token;
}

describe('chat widget (e2e)', () => {
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    const token = await chatbotToken();
    const port = await freePort();
    // A plain page of "another site": only the script tag.
    const html = `<!doctype html><html><head><title>Pizza shop</title></head><body style="font-family:sans-serif">
<h1>Demo pizzeria</h1><p>Our pizzas are the best in town.</p>
<script src="${server.url}/v1/chatbot/bundle.js" data-project-id="1" data-token="${token}" data-env="dev"></script>
</body></html>`;
    site = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(html));
    await new Promise<void>((resolve) => site.listen(port, '127.0.0.1', resolve));
    siteUrl = `http://localhost:${port}/`;
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    site?.close();
    await server?.stop();
  });

  it('opens from the button and answers', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
    await page.goto(siteUrl);
    await page.getByRole('button', { name: 'Open chat' }).click();
    const frame = page.frameLocator('iframe[title="Chat"]');
    await frame.getByText('Welcome to the Demo pizzeria! How can I help you?').waitFor({ timeout: 30_000 });
    await frame.getByRole('textbox', { name: 'Message' }).fill('when are you open');
    await frame.getByRole('button', { name: 'Send' }).click();
    await frame.getByText('We are open every day from 11:00 to 22:00.').waitFor({ timeout: 30_000 });
    await screenshot(page, 'widget-on-foreign-page');
    await frame.getByRole('button', { name: 'Close chat' }).click();
    await expect(page.locator('iframe[title="Chat"]').count()).resolves.toBe(0);
  }, 120_000);
});
