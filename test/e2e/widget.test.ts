// The embeddable widget answers on a plain HTML page served from another port (another origin).
// Needs the build first (`npx vite build`), which writes dist/chatbot/bundle.js.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '../../src/machines/dashboard/period.ts';
import { openBrowser, screenshot, type TestBrowser } from './helpers/browser.ts';
import { pageApi } from './helpers/page-api.ts';
import { E2E_ADMIN_PASSWORD, type RunningServer, startServer } from './helpers/server.ts';
import { openWidget, sayToWidget, serveWidgetPage, type WidgetPage } from './helpers/widget-page.ts';

let server: RunningServer;
let browser: TestBrowser;
let site: WidgetPage;

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
    browser = await openBrowser();
    site = await serveWidgetPage(server.url, { token: await chatbotToken(), env: 'dev', projectId: 1 });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await site?.close();
    await server?.stop();
  });

  it('opens from the button and answers', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
    await page.goto(site.url);
    const frame = await openWidget(page);
    await frame.getByText('Welcome to the Demo pizzeria! How can I help you?').waitFor({ timeout: 30_000 });
    await sayToWidget(frame, 'when are you open');
    await frame.getByText('We are open every day from 11:00 to 22:00.').waitFor({ timeout: 30_000 });
    await screenshot(page, 'widget-on-foreign-page');
    await frame.getByRole('button', { name: 'Close chat' }).click();
    await expect(page.locator('iframe[title="Chat"]').count()).resolves.toBe(0);
  }, 120_000);

  it("the dashboard's figures and charts of the testing environment count a widget conversation", async () => {
    const console = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
    await console.goto(`${server.url}/#/login`);
    await console.getByLabel('Email', { exact: true }).fill('admin@example.com');
    await console.getByLabel('Password', { exact: true }).fill('Widget-e2e: brisk copper kites sing 9');
    await console.getByRole('button', { name: 'Log in' }).click();
    await console.waitForURL(/#\/app\//);
    await console.goto(`${server.url}/#/app/dashboard`);
    // Mantine's segmented controls hide their radios: the label is what a person clicks.
    const segment = (name: string) => console.locator('label', { hasText: new RegExp(`^${name}$`) }).click();
    const figure = (key: string) => console.getByTestId(`figure-${key}-value`);
    const read = async (key: string) => Number((await figure(key).innerText()).replace(/[^0-9]/g, ''));
    // The administrator may see both environments: production first, Testing by the switch.
    await segment('Testing');
    await segment('Today');
    await console
      .getByTestId('stats-period')
      .getByText(/Testing/)
      .waitFor();
    // The figures before, as the dashboard's own call answers them (the screen may still show a skeleton or the
    // previous environment's figures while it loads).
    const tz = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
    const day = todayIn(tz);
    const { totals } = await pageApi<{ totals: { conversations: number; user_messages: number } }>(
      console,
      'GET',
      `/v1/stats?project_id=1&project_env=dev&from=${day}&to=${day}&tz=${encodeURIComponent(tz)}`,
    );
    const { conversations: before, user_messages: messagesBefore } = totals;

    const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
    await page.goto(site.url);
    const frame = await openWidget(page);
    await frame.getByText('Welcome to the Demo pizzeria! How can I help you?').waitFor({ timeout: 30_000 });
    await sayToWidget(frame, 'when are you open');
    await frame.getByText('We are open every day from 11:00 to 22:00.').waitFor({ timeout: 30_000 });
    await page.close();

    // Asking again (another period and back) shows the new conversation and message.
    await segment('7 days');
    await console.getByLabel('Updating statistics').waitFor({ state: 'detached' });
    await segment('Today');
    await expect.poll(() => read('conversations'), { timeout: 20_000 }).toBe(before + 1);
    expect(await read('user_messages')).toBeGreaterThanOrEqual(messagesBefore + 1);
    await console.getByTestId('chart-activity').waitFor();
    await screenshot(console, 'dashboard-after-widget-chat');
    await segment('30 days');
    await console.getByLabel('Updating statistics').waitFor({ state: 'detached' });
    await screenshot(console, 'dashboard-30-days');
    await console.close();
  }, 180_000);
});
