// Issue 19 acceptance in Chromium against the real server: two fallback phrases classified with "Keep as test"
// (one inline, one through the bulk bar) become steps of the tests named after their intents; after training,
// Run all passes both; a reaction changed so that one breaks, and the production gate of the deploy dialog shows
// the failure. Needs `npm run build`.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, screenshot, type TestBrowser } from './helpers/browser.ts';
import { loginAsAdmin } from './helpers/login.ts';
import { pageApi, pageApiWithAtime } from './helpers/page-api.ts';
import { type RunningServer, startServer } from './helpers/server.ts';

let server: RunningServer;
let browser: TestBrowser;
let page: Page;
const HOURS_PHRASE = 'the quantum flux capacitor hums loudly';
const HELP_PHRASE = 'zorblat wibbles the frobnicator';

async function toast(text: string | RegExp) {
  await page.locator('.mantine-Notification-root').filter({ hasText: text }).first().waitFor({ timeout: 120_000 });
}
const status = (name: string, value: string) =>
  page.locator(`[aria-label="Test ${name}"][data-status="${value}"]`).waitFor({ timeout: 120_000 });

/** A message the model does not understand, said in a console chat of project 1: it becomes a fallback. */
async function say(msg: string): Promise<number> {
  const init = await pageApi<{ conversation_id: number; conversation_token: string }>(
    page,
    'POST',
    '/v1/chat/init?project_id=1',
    { get_meta: false },
  );
  await pageApi(
    page,
    'POST',
    `/v1/chat?project_id=1&id=${init.conversation_id}&conversation_token=${init.conversation_token}`,
    { msg, last_ts: 0 },
  );
  return init.conversation_id;
}

describe('triage that writes tests (e2e)', () => {
  beforeAll(async () => {
    server = await startServer();
    browser = await openBrowser();
    page = await browser.newPage({ viewport: { width: 1440, height: 960 } });
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
    await loginAsAdmin(page, server.url, 'Triage-e2e: nine amber herons 58');
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('keeps two classified phrases as tests, runs them green, and the production gate catches the break', async () => {
    // Guided start: nothing to classify yet, and one button opens the chat to talk to the bot.
    await page.goto(`${server.url}/?project_id=1#/app/fallbacks`);
    await page.getByTestId('fallbacks-empty').waitFor({ timeout: 30_000 });
    await page.getByTestId('fallbacks-empty').getByRole('button', { name: 'Talk to the bot' }).click();
    await page.getByLabel('Chat test window').waitFor();
    await say(HOURS_PHRASE);
    await say(HELP_PHRASE);
    const waiting = await pageApi<{ items: { intent: string }[] }>(
      page,
      'GET',
      '/v1/intents/unclassified?project_id=1',
    );
    expect(waiting.items.map((i) => i.intent)).toEqual(expect.arrayContaining([HOURS_PHRASE, HELP_PHRASE]));
    await page.reload();
    const hoursRow = page.locator('[data-testid^="fallback-"]').filter({ hasText: HOURS_PHRASE });
    await hoursRow.waitFor({ timeout: 30_000 });

    // Inline: classify with "Keep as test".
    await hoursRow.getByRole('button', { name: 'Classify' }).click();
    await page.locator('input[aria-label="Class"]').click();
    await page.getByRole('option', { name: 'opening hours', exact: true }).click();
    await page.getByRole('checkbox', { name: 'Keep as test' }).check();
    await page.getByRole('button', { name: 'Set Class' }).click();
    await toast('Kept as a step of test opening hours');
    await hoursRow.waitFor({ state: 'detached' });

    // Bulk: tick the phrase, one class, one click ("Keep as test" stays on).
    await page.getByRole('checkbox', { name: `Select ${HELP_PHRASE}` }).check();
    await page.locator('input[aria-label="Class for selected"]').click();
    await page.getByRole('option', { name: 'help', exact: true }).click();
    expect(await page.getByRole('checkbox', { name: 'Keep as test' }).isChecked()).toBe(true);
    await screenshot(page, 'triage-1-bulk');
    await page.getByRole('button', { name: 'Classify selected' }).click();
    await toast('Kept as a step of test help');

    // The model learns the phrases only when trained.
    await page
      .getByRole('button', { name: /Train NLU/ })
      .first()
      .click();
    await toast('Successfully trained');

    // The tests screen shows both at once; Run all passes them.
    await page.goto(`${server.url}/?project_id=1#/app/tests`);
    await page.getByLabel('Test opening hours', { exact: true }).waitFor({ timeout: 30_000 });
    await page.getByLabel('Test help', { exact: true }).click();
    await page.getByRole('table', { name: 'Steps' }).getByText(HELP_PHRASE).waitFor();
    await page.getByRole('button', { name: /^Run all/ }).click();
    await status('opening hours', 'ok');
    await status('help', 'ok');
    await screenshot(page, 'triage-2-green');

    // The help reaction no longer answers its intent: the kept step breaks.
    const reactions = await pageApi<{ name: string; intents: string[] }[]>(page, 'GET', '/v1/reactions?project_id=1');
    const broken = reactions.map((r) => (r.name === 'help' ? { ...r, intents: [] } : r));
    await pageApiWithAtime(page, '/v1/reactions?project_id=1', 'PUT', '/v1/reactions?project_id=1', broken);

    // The production gate runs every test before deploying and shows the failure.
    await page.getByRole('button', { name: 'Deploy', exact: true }).first().click();
    await page.getByRole('menuitem', { name: 'Production' }).click();
    const modal = page.getByRole('dialog', { name: 'Deploy to production' });
    await modal.getByRole('button', { name: 'Deploy anyway' }).waitFor({ timeout: 120_000 });
    const failed = modal.getByRole('row', { name: 'Test help' });
    expect(await failed.textContent()).toContain('failed');
    expect(await failed.textContent()).toContain('expected reaction help');
    expect(await modal.getByRole('row', { name: 'Test opening hours' }).textContent()).toContain('ok');
    await screenshot(page, 'triage-3-gate');
  }, 300_000);

  it('triage in the conversation logs: tick what the user said, one class, keep as test', async () => {
    const phrase = 'gimme a large one with extra cheese';
    const conversation = await say(phrase);
    await page.goto(`${server.url}/?project_id=1&conversation_id=${conversation}#/app/logs`);
    const triage = page.getByTestId('phrase-triage');
    await triage.getByRole('checkbox', { name: `Tick ${phrase}` }).check({ timeout: 30_000 });
    await triage.locator('input[aria-label="Class for ticked phrases"]').click();
    await page.getByRole('option', { name: 'order', exact: true }).click();
    await triage.getByRole('checkbox', { name: 'Keep as test' }).check();
    await triage.getByRole('button', { name: 'Classify selected' }).click();
    await toast('Kept as a step of test order');
    await triage.getByText('classified').waitFor();
    await screenshot(page, 'triage-4-logs');
    const tests = await pageApi<{ name: string; steps: { input: string }[] }[]>(page, 'GET', '/v1/tests?project_id=1');
    expect(tests.find((t) => t.name === 'order')?.steps.map((s) => s.input)).toContain(phrase);
    const intents = await pageApi<{ name: string; templates: string[] }[]>(page, 'GET', '/v1/intents?project_id=1');
    expect(intents.find((i) => i.name === 'order')?.templates).toContain(phrase);
  }, 120_000);
});
