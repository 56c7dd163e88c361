// Issue 8 acceptance in Chromium against the real server: write a test by converting a chat conversation in the
// floating chat window, run it green, break the bot, run all and see the failure with its output opened, deploy to
// production past a failing test ('Deploy anyway'), roll back, and the widget on a page of another site (chatbot
// token, production) answers with the rolled-back behaviour. Needs `npx vite build`.
// That a production chat keeps the deployed snapshot while the draft is edited is test/server/deployments.test.ts.
import fs from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifactsDir, openBrowser, screenshot, type TestBrowser } from './helpers/browser.ts';
import { loginAsAdmin } from './helpers/login.ts';
import { pageApi } from './helpers/page-api.ts';
import { type RunningServer, startServer } from './helpers/server.ts';
import { openWidget, sayToWidget, serveWidgetPage } from './helpers/widget-page.ts';

let server: RunningServer;
let browser: TestBrowser;
let page: Page;
const PROJECT = 1;
const OPEN = 'We are open every day from 11:00 to 22:00.';
const FALLBACK = 'Sorry, I did not understand. Could you say it differently?';
const WELCOME = 'Welcome to the Demo pizzeria! How can I help you?';

/** A call from the signed-in page itself: its session cookie and the console's header. */
const api = <T>(method: string, url: string, body?: unknown): Promise<T> => pageApi<T>(page, method, url, body);

/** A production conversation as the widget has it: the chatbot token, no cookie. */
async function productionAnswer(msg: string): Promise<string[]> {
  const { chatbot_token } = await api<{ chatbot_token: string }>('GET', `/v1/settings?project_id=${PROJECT}`);
  const headers = { 'content-type': 'application/json', 'x-chatbot-token': chatbot_token };
  const init = await (
    await fetch(`${server.url}/v1/chat/init?project_env=prod`, { method: 'POST', headers, body: '{}' })
  ).json();
  const res = await fetch(
    `${server.url}/v1/chat?project_env=prod&id=${init.conversation_id}&conversation_token=${init.conversation_token}`,
    { method: 'POST', headers, body: JSON.stringify({ msg, last_ts: init.tracker.at(-1)?.timestamp ?? 0 }) },
  );
  const answer = await res.json();
  return answer.tracker
    .filter((e: { type: string; args: { who?: string } }) => e.type === 'utter' && e.args.who === 'bot')
    .map((e: { value: string }) => e.value);
}

async function toast(text: string | RegExp) {
  await page.locator('.mantine-Notification-root').filter({ hasText: text }).first().waitFor({ timeout: 60_000 });
}
async function shot(name: string) {
  for (const button of await page.locator('.mantine-Notification-closeButton').all())
    await button.click().catch(() => {});
  await page.waitForTimeout(300);
  await screenshot(page, name);
}
const card = (name: string) => page.getByLabel(`Test ${name}`, { exact: true });
const status = (name: string, value: string) =>
  page.locator(`[aria-label="Test ${name}"][data-status="${value}"]`).waitFor({ timeout: 60_000 });

describe('quality gate in Chromium', () => {
  beforeAll(async () => {
    await fs.mkdir(artifactsDir, { recursive: true });
    server = await startServer();
    browser = await openBrowser();
    page = await browser.newPage({ viewport: { width: 1440, height: 960 } });
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
    await loginAsAdmin(page, server.url, 'Quality-gate: amber otters juggle 77 lamps');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('writes a test, runs it green, breaks the bot and sees the failure, deploys past it and rolls back', async () => {
    await page.goto(`${server.url}/?project_id=${PROJECT}#/app/tests`);
    await page.getByTestId('tests-screen').waitFor();
    await card('order_pizza').waitFor();

    // Write the test by converting a conversation in the chat window opened from the top bar.
    await page.getByRole('button', { name: 'Run Chat' }).click();
    const chat = page.getByRole('dialog', { name: 'Chat test window' });
    await chat.getByText(WELCOME).waitFor({ timeout: 30_000 });
    await chat.getByRole('textbox', { name: 'Message' }).fill('when are you open');
    await chat.getByRole('button', { name: 'Send' }).click();
    await chat.getByText(OPEN).waitFor({ timeout: 30_000 });
    await chat.getByRole('button', { name: 'Convert to test' }).click();
    const convert = page.getByRole('dialog', { name: 'Convert conversation to test' });
    const testName = convert.getByLabel('Test name');
    await testName.waitFor();
    await convert.getByRole('button', { name: 'Create test' }).click();
    await convert.getByText('Test name cannot be empty').waitFor();
    await testName.fill('order_pizza');
    await convert.getByRole('button', { name: 'Create test' }).click();
    await convert.getByText('Duplicit test name').waitFor();
    await testName.fill('opening_hours_answer');
    await shot('quality-gate-1-convert');
    await convert.getByRole('button', { name: 'Create test' }).click();
    await toast('Test created');
    await convert.waitFor({ state: 'hidden' });
    await chat.getByRole('button', { name: 'Close chat' }).click();
    await chat.waitFor({ state: 'detached' });

    // The tests screen loaded its list before the conversion: its reload icon shows the new test.
    await page.getByRole('button', { name: 'Reload tests' }).click();
    await card('opening_hours_answer').click();
    const steps = page.getByRole('table', { name: 'Steps' });
    await steps.getByText('when are you open').waitFor();
    await steps.getByText('opening_hours').waitFor();

    // Run it green.
    await page.getByRole('button', { name: 'Run opening_hours_answer' }).click();
    await toast('Test opening_hours_answer passed');
    await status('opening_hours_answer', 'ok');
    await shot('quality-gate-2-green');

    // A good production release before the bot breaks (what the rollback returns to).
    const good = await api<{ id: number }>(
      'GET',
      `/v1/run/deploy?project_id=${PROJECT}&project_env=prod&message=Good%20release`,
    );
    expect(await productionAnswer('when are you open')).toEqual([OPEN]);

    // Break the bot: the opening-hours reaction no longer answers its intent.
    const reactions = await page.evaluate(async (p) => {
      const res = await fetch(`/v1/reactions?project_id=${p}`, {
        credentials: 'include',
        headers: { 'x-requested-with': 'console' },
      });
      return { list: await res.json(), atime: res.headers.get('x-atime') };
    }, PROJECT);
    const broken = reactions.list.map((r: { name: string; intents: string[] }) =>
      r.name === 'opening_hours' ? { ...r, intents: ['help'] } : r,
    );
    await api('PUT', `/v1/reactions?project_id=${PROJECT}&atime=${reactions.atime}`, broken);

    // Run all: one failure, its output opened.
    await page.getByRole('button', { name: /^Run all/ }).click();
    await toast('Tests unsuccessfully complete!');
    await status('opening_hours_answer', 'error');
    await status('order_pizza', 'ok');
    await page.getByTestId('test-output').waitFor();
    expect(await page.getByTestId('test-result').textContent()).toContain(
      'Step 1 ("when are you open"): expected reaction opening_hours',
    );
    expect(await page.getByLabel('Failed counter').textContent()).toBe('Failed1');
    expect(await page.getByLabel('Ok counter').textContent()).toBe('Ok1');
    await shot('quality-gate-3-failure-output');

    // Deploy to production from the top bar: the tests run, Deploy is hidden until 'Deploy anyway'.
    await page.getByRole('button', { name: 'Deploy' }).first().click();
    await page.getByRole('menuitem', { name: 'Production' }).click();
    const modal = page.getByRole('dialog', { name: 'Deploy to production' });
    await modal.getByRole('button', { name: 'Deploy anyway' }).waitFor({ timeout: 60_000 });
    expect(await modal.getByRole('button', { name: 'Deploy', exact: true }).count()).toBe(0);
    await shot('quality-gate-4-deploy-blocked');
    await modal.getByRole('button', { name: 'Deploy anyway' }).click();
    await modal.getByRole('button', { name: 'Deploy', exact: true }).click();
    await modal.getByText('Please describe done changes briefly.').waitFor();
    await modal.getByLabel('Commit message').fill('Opening hours moved under help');
    await modal.getByLabel('Commit message').press('Control+Enter');
    await toast('Successfully deployed');
    expect(await productionAnswer('when are you open')).toEqual([FALLBACK]);

    // Roll back to the good release from the deployments screen.
    await page.goto(`${server.url}/?project_id=${PROJECT}#/app/deployments`);
    await page.getByTestId('deployments-screen').waitFor();
    const row = page.getByRole('row', { name: `Deployment ${good.id}` });
    await row.waitFor();
    await shot('quality-gate-5-deployments');
    await row.getByRole('button', { name: 'Rollback' }).click();
    const rollback = page.getByRole('dialog', { name: `Rollback to version ${good.id}` });
    expect(await rollback.getByLabel('Commit message').inputValue()).toBe(`Rollback to version ${good.id}`);
    expect(await rollback.getByRole('table').count()).toBe(0);
    await rollback.getByRole('button', { name: 'Deploy', exact: true }).click();
    await toast('Successfully deployed');
    await page
      .getByRole('row', { name: /Deployment \d+/ })
      .filter({ hasText: `Rollback to version ${good.id}` })
      .waitFor();
    await shot('quality-gate-6-rolled-back');

    // The widget on a page of another site, talking to production, answers as the good release did, although the
    // draft (what the console's chat and the test runs use) is still the broken one.
    const { chatbot_token } = await api<{ chatbot_token: string }>('GET', `/v1/settings?project_id=${PROJECT}`);
    const site = await serveWidgetPage(server.url, { token: chatbot_token, env: 'prod', projectId: PROJECT });
    const customer = await browser.newPage({ viewport: { width: 1280, height: 860 } });
    try {
      customer.on('pageerror', (error) => console.error(`widget page error: ${error.message}`));
      await customer.goto(site.url);
      const widget = await openWidget(customer);
      await widget.getByText(WELCOME).waitFor({ timeout: 30_000 });
      await sayToWidget(widget, 'when are you open');
      await widget.getByText(OPEN).waitFor({ timeout: 30_000 });
      expect(await widget.getByText(FALLBACK).count()).toBe(0);
      await screenshot(customer, 'quality-gate-7-widget-rolled-back');
    } finally {
      await customer.close();
      await site.close();
    }

    // Filters: testing has none, a user filter that matches nobody says 'No match.'.
    await page.getByLabel('By user').fill('nobody-at-all');
    await page.getByText('No match.').waitFor();
  });
});
