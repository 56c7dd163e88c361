// Issue 34 item 1 and issue 19 acceptance in Chromium against the real server. Issue 34: the dashboard's "Not
// understood" list opens the fallbacks queue on the phrase; the phrase is classified as written (the suggested
// shortening only shown), Set Class waits for a class, Undo takes the classification back, and the template is the
// phrase as written. Issue 19: two fallback phrases classified with "Keep as test" (one inline, one through the bulk
// bar) become steps of the tests named after their intents; after training, Run all passes both; a reaction changed
// so that one breaks, and the production gate of the deploy dialog shows the failure. Needs `npm run build`.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FALLBACKS_TITLE } from '../../src/api/contract/unclassified.ts';
import { openBrowser, screenshot, type TestBrowser } from './helpers/browser.ts';
import { loginAsAdmin } from './helpers/login.ts';
import { pageApi, pageApiWithAtime } from './helpers/page-api.ts';
import { type RunningServer, startServer } from './helpers/server.ts';

let server: RunningServer;
let browser: TestBrowser;
let page: Page;
const HOURS_PHRASE = 'the quantum flux capacitor hums loudly';
const HELP_PHRASE = 'zorblat wibbles the frobnicator';
/** The seeded demo history's most frequent phrase the bot does not understand. */
const GLUTEN = 'do you have gluten free dough';

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

  it('dashboard → queue → classify → the template as written, with Undo', async () => {
    const templatesOf = async (name: string) =>
      (await pageApi<{ name: string; templates: string[] }[]>(page, 'GET', '/v1/intents?project_id=1')).find(
        (i) => i.name === name,
      )?.templates ?? [];
    // The seeded demo's most frequent phrase the bot does not understand, on the dashboard.
    await page.goto(`${server.url}/?project_id=1#/app/dashboard`);
    const notUnderstood = page.getByTestId('top-unclassified');
    const phrase = notUnderstood.getByRole('button', { name: GLUTEN, exact: true });
    await phrase.waitFor({ timeout: 30_000 });
    await screenshot(page, 'triage-0-dashboard');
    await phrase.click();

    // The queue opens on that phrase: the row's classification is open, the phrase as the user wrote it.
    await page.waitForURL(/#\/app\/fallbacks/);
    const row = page.locator('[data-testid^="fallback-"]').filter({ hasText: GLUTEN });
    const input = row.getByRole('textbox', { name: 'Phrase' });
    await input.waitFor({ timeout: 30_000 });
    expect(await input.inputValue()).toBe(GLUTEN);
    // The suggested shortening is beside it, not in it.
    await row.getByTestId('fallback-suggestion').waitFor();
    expect(await row.getByTestId('fallback-suggestion').textContent()).not.toBe(GLUTEN);
    expect(await input.inputValue()).toBe(GLUTEN);
    // Set Class needs a class.
    const setClass = row.getByRole('button', { name: 'Set Class' });
    expect(await setClass.isDisabled()).toBe(true);
    await row.getByTestId('fallback-choose-class').waitFor();
    await screenshot(page, 'triage-0-queue');
    await row.locator('input[aria-label="Class"]').click();
    await page.getByRole('option', { name: 'menu', exact: true }).click();
    await setClass.click();
    const added = page.locator('.mantine-Notification-root').filter({ hasText: 'Intent template added' });
    await added.waitFor({ timeout: 30_000 });
    await row.waitFor({ state: 'detached' });
    expect(await templatesOf('menu')).toContain(GLUTEN);

    // Undo: the message waits in the queue again and the template is gone.
    await added.getByRole('button', { name: 'Undo' }).click();
    await toast('Classification undone');
    await row.waitFor({ timeout: 30_000 });
    expect(await templatesOf('menu')).not.toContain(GLUTEN);

    // Classified again and left: the template is the phrase as written.
    await row.getByRole('button', { name: 'Classify' }).click();
    await row.locator('input[aria-label="Class"]').click();
    await page.getByRole('option', { name: 'menu', exact: true }).click();
    await row.getByRole('button', { name: 'Set Class' }).click();
    await row.waitFor({ state: 'detached' });
    expect(await templatesOf('menu')).toContain(GLUTEN);
    // No longer waiting: no longer "not understood" on the dashboard.
    await page.goto(`${server.url}/?project_id=1#/app/dashboard`);
    await notUnderstood.waitFor({ timeout: 30_000 });
    expect(await notUnderstood.getByRole('button', { name: GLUTEN, exact: true }).count()).toBe(0);
  }, 180_000);

  it('keeps two classified phrases as tests, runs them green, and the production gate catches the break', async () => {
    await page.goto(`${server.url}/?project_id=1#/app/fallbacks`);
    await page.getByText(FALLBACKS_TITLE).waitFor({ timeout: 30_000 });
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
