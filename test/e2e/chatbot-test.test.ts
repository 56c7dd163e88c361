// Issue 7 item 5 in Chromium against the real server and the seeded demo: the chatbot test screen shows a page
// served from another local port as a screenshot (taken by the server's own Chromium), and the development bundle
// in the frame over it answers. Needs the console built first (`npx vite build`).
import http from 'node:http';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CHATBOT_TEST_TEXTS } from '../../src/api/contract/chatbot-test.ts';
import { FRAME_TITLE } from '../../src/screens/chatbotTest/ChatbotTestView.tsx';
import { openBrowser, screenshot, type TestBrowser } from './helpers/browser.ts';
import { loginAsAdmin } from './helpers/login.ts';
import { type RunningServer, freePort, startServer } from './helpers/server.ts';

let server: RunningServer;
let browser: TestBrowser;
let page: Page;
let site: http.Server;
let sitePort = 0;
let siteHits = 0;

/** A plain page of "another site": a green banner the screenshot must show. No widget of its own. */
const SITE_HTML = `<!doctype html><html><head><title>Pizza shop</title></head>
<body style="margin:0;font-family:sans-serif;background:#fff8e1">
<header style="background:#2b8a3e;color:#fff;padding:48px 40px"><h1 style="margin:0;font-size:56px">Demo pizzeria</h1>
<p style="font-size:22px">Our pizzas are the best in town.</p></header>
<main style="padding:32px 40px;font-size:20px"><p>Margherita · Quattro formaggi · Diavola</p></main>
</body></html>`;

const testFrame = () => page.frameLocator(`iframe[title="${FRAME_TITLE}"]`);

describe('chatbot test screen (e2e)', () => {
  beforeAll(async () => {
    // The page lives on this machine (loopback): the server must be told that private addresses are fine here.
    server = await startServer({ SCREENSHOT_ALLOW_PRIVATE: '1' });
    browser = await openBrowser();
    sitePort = await freePort();
    site = http.createServer((_request, response) => {
      siteHits++;
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(SITE_HTML);
    });
    await new Promise<void>((resolve) => site.listen(sitePort, '127.0.0.1', resolve));

    page = await browser.newPage({ viewport: { width: 1440, height: 1100 } });
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
    await loginAsAdmin(page, server.url, 'Chatbot-test e2e: seven violet kites hum 4');
  }, 120_000);

  afterEach(async (context) => {
    if (context.task.result?.state === 'fail') await screenshot(page, `chatbot-test-failed-${Date.now()}`);
  });

  afterAll(async () => {
    await browser?.close();
    site?.close();
    await server?.stop();
  });

  it('shows the page as a screenshot and the widget answers in the frame', async () => {
    await page.goto(`${server.url}/?project_id=1#/app/chatbot-test`);
    await page.reload();
    const url = page.getByLabel(CHATBOT_TEST_TEXTS.urlLabel);
    // Enabled once the settings and the chatbot token are read. Under a loaded 2-core machine the screen's first
    // paint after a reload has taken over 30 s (seen twice in full runs, never alone): a minute, and a picture if not.
    await expect.poll(() => url.isEnabled(), { timeout: 60_000 }).toBe(true);

    // No scheme typed: http:// is prepended (spec 2 §5).
    await url.fill(`127.0.0.1:${sitePort}/`);
    const started = Date.now();
    await page.getByRole('button', { name: CHATBOT_TEST_TEXTS.show }).click();
    await expect(url.inputValue()).resolves.toBe(`http://127.0.0.1:${sitePort}/`);

    // The screenshot becomes the frame's background (a PNG data URL), taken by the server from the other port.
    await page.waitForFunction(
      (title) => {
        const frame = document.querySelector<HTMLIFrameElement>(`iframe[title="${title}"]`);
        return frame?.contentDocument?.body?.style.backgroundImage.includes('data:image/png;base64,') ?? false;
      },
      FRAME_TITLE,
      { timeout: 30_000 },
    );
    console.info(`screenshot shown after ${Date.now() - started} ms (first one launches the server's Chromium)`);
    expect(siteHits).toBeGreaterThan(0);
    await expect(page.getByText(CHATBOT_TEST_TEXTS.bundleFailed).count()).resolves.toBe(0);

    // The development bundle's chat button sits on the page; its chat answers.
    await testFrame().getByRole('button', { name: 'Open chat' }).click({ timeout: 30_000 });
    const chat = testFrame().frameLocator('iframe[title="Chat"]');
    await chat.getByText('Welcome to the Demo pizzeria! How can I help you?').waitFor({ timeout: 30_000 });
    await chat.getByRole('textbox', { name: 'Message' }).fill('when are you open');
    await chat.getByRole('button', { name: 'Send' }).click();
    await chat.getByText('We are open every day from 11:00 to 22:00.').waitFor({ timeout: 30_000 });
    await screenshot(page, 'chatbot-test-screen');
  }, 150_000);

  it('says why when the page cannot be captured', async () => {
    const closed = await freePort();
    const url = page.getByLabel(CHATBOT_TEST_TEXTS.urlLabel);
    await url.fill(`http://127.0.0.1:${closed}/`);
    await page.getByRole('button', { name: CHATBOT_TEST_TEXTS.show }).click();
    await page.getByText(CHATBOT_TEST_TEXTS.screenshotFailed).waitFor({ timeout: 30_000 });
    await page.getByText('The page cannot be loaded: the connection was refused.').waitFor();
    await screenshot(page, 'chatbot-test-screen-failed');
  }, 60_000);

  it('tells when the bundle cannot be loaded from the settings’ base url', async () => {
    // A base url where no bot server answers: the frame's script fails, the screen says what to check.
    const nowhere = `http://127.0.0.1:${await freePort()}`;
    const status = await page.evaluate(async (base) => {
      const headers = { 'x-requested-with': 'console', 'content-type': 'application/json' };
      const read = await fetch('/v1/settings?project_id=1', { headers, credentials: 'include' });
      const atime = read.headers.get('x-atime');
      const write = await fetch(`/v1/settings?project_id=1&atime=${atime}`, {
        method: 'PUT',
        headers,
        credentials: 'include',
        body: JSON.stringify({ chatbot_base_url: base }),
      });
      return write.status;
    }, nowhere);
    expect(status).toBe(200);
    await page.reload();
    await page.getByText(CHATBOT_TEST_TEXTS.bundleFailed).waitFor({ timeout: 30_000 });
    const src = await page.evaluate((title) => {
      const frame = document.querySelector<HTMLIFrameElement>(`iframe[title="${title}"]`);
      return frame?.contentDocument?.querySelector('script')?.getAttribute('src');
    }, FRAME_TITLE);
    expect(src).toBe(`${nowhere}/v1/chatbot/bundle.js`);
    await screenshot(page, 'chatbot-test-bundle-failed');
  }, 60_000);
});
