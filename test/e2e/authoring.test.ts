// Issue 6 acceptance in Chromium against the real server: intents, synonym, training, clash, fix, perfect,
// fallback classification, export and re-import. Needs the console built first (`npx vite build`).
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAsAdmin } from './helpers/login.ts';
import { pageApi } from './helpers/page-api.ts';
import { artifactsDir, openBrowser, screenshot, type TestBrowser } from './helpers/browser.ts';
import { type RunningServer, startServer } from './helpers/server.ts';

let server: RunningServer;
let browser: TestBrowser;
let page: Page;

/** A call from the signed-in page (session cookie, CSRF header), for set-up and checks only. */
/** A call from the signed-in page itself: its session cookie and the console's header. */
const api = <T>(method: string, url: string, body?: unknown): Promise<T> => pageApi<T>(page, method, url, body);

const intentsOf = async (projectId: number) =>
  (await api<{ name: string; templates: string[] }[]>('GET', `/v1/intents?project_id=${projectId}`))
    .map((i) => ({ name: i.name, templates: [...i.templates].sort() }))
    .sort((a, b) => a.name.localeCompare(b.name));

async function openScreen(screen: string, projectId: number) {
  await page.goto(`${server.url}/?project_id=${projectId}#/app/${screen}`);
  try {
    await page.getByTestId(`${screen}-screen`).waitFor();
  } catch (error) {
    await screenshot(page, `authoring-failed-open-${screen}`);
    throw error;
  }
}

async function toast(text: string) {
  await page.locator('.mantine-Notification-root').filter({ hasText: text }).first().waitFor({ timeout: 120_000 });
}

/** Toasts close themselves after a few seconds; wait for them so screenshots show the page. */
async function shot(name: string) {
  await page
    .waitForFunction(() => document.querySelectorAll('.mantine-Notification-root').length === 0, null, {
      timeout: 30_000,
    })
    .catch(() => {});
  await screenshot(page, name);
}

async function addIntent(name: string, templates: string[]) {
  await page.getByLabel('New intent name').fill(name);
  await page.getByLabel('New intent name').press('Enter');
  const input = page.getByLabel(`New template of ${name}`);
  await input.waitFor();
  for (const template of templates) {
    await input.fill(template);
    await input.press('Enter');
    await page.getByTestId('intents-list').getByText(template, { exact: true }).waitFor();
  }
  // Collapse to keep the list short.
  await page.getByLabel(`Collapse ${name}`).click();
}

async function train() {
  // Ctrl+S trains (spec 2 §2); toasts may cover the button in the corner.
  await page.keyboard.press('Control+s');
  await toast('Submitted for NLU train');
  await toast('Successfully trained');
  await page.getByRole('button', { name: /Train NLU/ }).waitFor();
}

const data: Record<string, string[]> = {
  greeting: ['hello', 'hello there', 'hello friend', 'hello bot', 'well hello', 'hello again', 'oh hello'],
  order_pizza: [
    'I want to order a pizza',
    'order a pizza now',
    'can I get a pizza',
    'pizza delivery',
    'I would like a margherita pizza',
    'get me a pizza',
    'one large pizza with cheese',
  ],
  weather: [
    'what is the weather',
    'weather today',
    'what is the weather forecast',
    'weather tomorrow',
    'how is the weather outside',
    'tell me the weather',
    'weather in #city',
  ],
};

describe('language-model authoring in Chromium', () => {
  let projectId: number;

  beforeAll(async () => {
    await fs.mkdir(artifactsDir, { recursive: true });
    server = await startServer();
    browser = await openBrowser();
    page = await browser.newPage({ viewport: { width: 1440, height: 960 }, acceptDownloads: true });
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
    await loginAsAdmin(page, server.url, 'Authoring-e2e: tidy violet kettles hum 42');
    projectId = (await api<{ project_id: number }>('POST', '/v1/projects', { name: 'Authoring e2e' })).project_id;
    // A message the untrained model cannot understand becomes a fallback waiting for classification.
    const init = await api<{ conversation_id: number; conversation_token: string }>(
      'POST',
      `/v1/chat/init?project_id=${projectId}`,
      { get_meta: false },
    );
    await api(
      'POST',
      `/v1/chat?project_id=${projectId}&id=${init.conversation_id}&conversation_token=${init.conversation_token}`,
      { msg: 'the quantum flux capacitor hums loudly', last_ts: 0 },
    );
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('creates intents and a synonym, trains, shows the clash, fixes it and reaches a perfect evaluation', async () => {
    await openScreen('intents', projectId);
    await page.getByTestId('not-retrained').waitFor();

    // A synonym used in a weather template as #city.
    await page.getByLabel('New synonym name').fill('city');
    await page.getByLabel('New synonym name').press('Enter');
    await page.getByLabel('Values of city').fill('city\nPrague\nBrno\nLondon');
    await page.getByRole('button', { name: 'Save Synonyms' }).click();
    await toast('Updated');

    for (const [name, templates] of Object.entries(data)) await addIntent(name, templates);
    // The same sentence under a second intent: a clash.
    await page.getByLabel('Expand greeting').click();
    await page.getByLabel('New template of greeting').fill('I want to order a pizza!');
    await page.getByLabel('New template of greeting').press('Enter');
    await toast('Intent template added');
    await shot('authoring-01-intents-added');

    await train();
    await page.getByTestId('clash-warning').waitFor();
    await expect(page.getByTestId('precision').first().textContent()).resolves.toMatch(/^P \d\.\d{3}$/);
    await expect(page.getByTestId('recall').first().textContent()).resolves.toMatch(/^R \d\.\d{3}$/);
    await page.getByLabel('show only flaws').first().check();
    await shot('authoring-02-clash');
    await page.getByLabel('show only flaws').first().uncheck();

    // Fix: delete the clashing template, retrain.
    await page.getByLabel('Delete template I want to order a pizza!').click();
    await page.getByRole('dialog', { name: 'Delete template?' }).getByRole('button', { name: 'Delete' }).click();
    await toast('Intent template deleted');
    await train();
    await expect(page.getByTestId('clash-warning').count()).resolves.toBe(0);
    try {
      await page.getByTestId('evaluation-perfect').waitFor({ timeout: 120_000 });
    } catch (error) {
      await screenshot(page, 'authoring-failed-perfect');
      console.log(
        JSON.stringify(await api('GET', `/v1/intents/evaluation?project_id=${projectId}`), null, 1).slice(0, 6000),
      );
      throw error;
    }
    await page.getByLabel('Expand weather').click();
    await shot('authoring-03-perfect');
  });

  it('classifies a fallback into an intent', async () => {
    await openScreen('fallbacks', projectId);
    const row = page
      .locator('[data-testid^="fallback-"]')
      .filter({ hasText: 'the quantum flux capacitor hums loudly' });
    try {
      await row.waitFor();
    } catch (error) {
      await screenshot(page, 'authoring-failed-fallbacks');
      console.log(JSON.stringify(await api('GET', `/v1/intents/unclassified?project_id=${projectId}`)));
      throw error;
    }
    await row.getByRole('button', { name: 'Classify' }).click();
    await expect(page.getByLabel('Phrase').inputValue()).resolves.not.toBe('');
    await page.getByLabel('Phrase').fill('quantum flux capacitor');
    await page.locator('input[aria-label="Class"]').click();
    await page.getByRole('option', { name: 'weather' }).click();
    await shot('authoring-04-fallback-classifying');
    await page.getByRole('button', { name: 'Set Class' }).click();
    await toast('Intent template added');
    await page.getByTestId('not-retrained-note').waitFor();
    await expect(row.count()).resolves.toBe(0);
    await shot('authoring-05-fallback-classified');
    const weather = (await intentsOf(projectId)).find((i) => i.name === 'weather');
    expect(weather?.templates).toContain('quantum flux capacitor');
  });

  it('exports the intents as CSV and re-imports them into another project', async () => {
    await openScreen('intents', projectId);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export Intents' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`intents_${projectId}.csv`);
    const file = path.join(artifactsDir, download.suggestedFilename());
    await download.saveAs(file);
    expect(await fs.readFile(file, 'utf8')).toMatch(/^intent,template/);

    const copy = (await api<{ project_id: number }>('POST', '/v1/projects', { name: 'Authoring e2e import' }))
      .project_id;
    await openScreen('intents', copy);
    await page.locator('input[type="file"]').setInputFiles(file);
    await page.getByRole('dialog', { name: 'Upload file?' }).waitFor();
    await shot('authoring-06-import-confirm');
    await page.getByRole('dialog', { name: 'Upload file?' }).getByRole('button', { name: 'Import' }).click();
    await toast('Successfully imported');
    await page.getByTestId('intent-order_pizza').waitFor();
    expect(await intentsOf(copy)).toEqual(await intentsOf(projectId));
    await shot('authoring-07-imported');
  });

  it("shows an import's refusal in the server's words, in one toast below the top bar (issue 33)", async () => {
    await openScreen('intents', projectId);
    await shot('authoring-08-before-bad-import');
    const file = path.join(artifactsDir, 'broken-intents.csv');
    await fs.writeFile(file, 'intent,template\ngreeting,hello\nbroken,"an unclosed quote\n');
    await page.locator('input[type="file"]').setInputFiles(file);
    await page.getByRole('dialog', { name: 'Upload file?' }).getByRole('button', { name: 'Import' }).click();
    const refusal = page.locator('.mantine-Notification-root').filter({ hasText: 'Cannot upload files!' });
    await refusal.waitFor();
    // The server's message, not a bare 'Error!', and only one toast for the one failure.
    expect(await refusal.innerText()).toMatch(/Line \d+: The file is not a valid CSV \(.+\)\./);
    expect(await page.locator('.mantine-Notification-root').filter({ hasText: 'Error!' }).count()).toBe(0);
    expect(await page.locator('.mantine-Notification-root').count()).toBe(1);

    // Toasts never cover the top bar's buttons (Run Chat, Deploy, Train): a few more stack up under the first.
    await page.keyboard.press('Control+s');
    await toast('Submitted for NLU train');
    const topBar = page.locator('.mantine-AppShell-header');
    const header = await topBar.boundingBox();
    const buttons = await Promise.all(
      [
        topBar.getByRole('button', { name: 'Run Chat' }),
        topBar.getByRole('button', { name: 'Deploy' }),
        topBar.getByRole('button', { name: /^(Train|Training…)$/ }),
      ].map((b) => b.boundingBox()),
    );
    const toasts = await page.locator('.mantine-Notification-root').evaluateAll((els) =>
      els.map((e) => {
        const r = e.getBoundingClientRect();
        return { x: r.x, y: r.y, width: r.width, height: r.height };
      }),
    );
    expect(toasts.length).toBeGreaterThanOrEqual(2);
    expect(header).not.toBeNull();
    expect(buttons.every((b) => b !== null)).toBe(true);
    const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
      a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    for (const t of toasts) {
      expect(t.y).toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? 0));
      for (const button of buttons) expect(overlaps(t, button!)).toBe(false);
    }
    // Run Chat takes the click (Playwright's hit test: nothing lies over it).
    await topBar.getByRole('button', { name: 'Run Chat' }).click({ trial: true, timeout: 2000 });
    // An error's text can be selected (copied into a ticket), not dragged away.
    expect(await refusal.evaluate((e) => getComputedStyle(e).userSelect)).toBe('text');
    await screenshot(page, 'authoring-09-import-refused-toasts');
  });
});
