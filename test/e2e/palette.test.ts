// Issue 18 item 4 in Chromium against the real server and the seeded demo: Ctrl+K finds an intent by name and
// opens it on the intents screen, finds a screen by its menu name, and works from inside an input.
// Needs the console built first (`npx vite build`).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PALETTE_PLACEHOLDER } from '../../src/ui/shell/CommandPalette.tsx';
import { openBrowser, screenshot, type TestBrowser } from './helpers/browser.ts';
import { loginAsAdmin } from './helpers/login.ts';
import { pageApi, pageApiWithAtime } from './helpers/page-api.ts';
import { type RunningServer, startServer } from './helpers/server.ts';

let server: RunningServer;
let browser: TestBrowser;
let page: Page;

beforeAll(async () => {
  server = await startServer();
  browser = await openBrowser();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await loginAsAdmin(page, server.url, 'Palette-Correct-Horse-Battery-7');
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const paletteSearch = () => page.getByPlaceholder(PALETTE_PLACEHOLDER);

async function openPalette() {
  await page.keyboard.press('Control+k');
  await paletteSearch().waitFor();
}

describe('the command palette in Chromium', () => {
  it('Ctrl+K finds a seeded intent by name and opens it, and finds the settings screen by its menu name', async () => {
    await page.goto(`${server.url}/#/app/dashboard`);
    await page.getByTestId('dashboard').waitFor();
    await page.waitForURL(/project_id=\d+/);
    const projectId = new URL(page.url()).searchParams.get('project_id');
    const intents = await pageApi<Array<{ id: number; name: string }>>(
      page,
      'GET',
      `/v1/intents?project_id=${projectId}`,
    );
    const wanted = intents.find((i) => i.name === 'opening hours');
    expect(wanted).toBeDefined();

    await openPalette();
    await paletteSearch().fill('opening');
    const action = page.locator('[data-action]').filter({ hasText: 'opening hours' }).first();
    await action.waitFor();
    expect((await action.innerText()).toLowerCase()).toContain('intent');
    await screenshot(page, 'palette-01-intent');
    await page.keyboard.press('Enter');

    await page.waitForURL(new RegExp(`intent_id=${wanted?.id}.*#/app/intents`));
    await page.getByTestId('intents-screen').waitFor();
    const row = page.getByTestId('intent-opening hours');
    await row.waitFor();
    expect(await row.getAttribute('aria-current')).toBe('true');
    expect(await row.getByRole('button', { name: 'Collapse opening hours' }).isVisible()).toBe(true);
    await expect.poll(() => paletteSearch().isVisible()).toBe(false);
    await screenshot(page, 'palette-02-intent-opened');

    // From inside an input too: the intents search field has the focus.
    await page.getByLabel('Search intents and templates').click();
    await openPalette();
    await paletteSearch().fill('Settings');
    await page.locator('[data-action]').filter({ hasText: 'Settings' }).first().waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL(/#\/app\/settings/);
    await page.getByLabel('Name', { exact: true }).waitFor();
  });

  it('opens a reaction in the graph editor and a test on the tests screen', async () => {
    await openPalette();
    await paletteSearch().fill('order_date');
    await page.getByRole('button', { name: 'order_date (Reaction)' }).waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL(/reaction_id=\d+.*#\/app\/grapheditor/);
    await expect
      .poll(() => page.getByTestId('reaction-panel').innerText(), { timeout: 30_000 })
      .toContain('order_date');

    // A second test, so the one opened is not simply the first one the screen selects anyway.
    await pageApiWithAtime(page, '/v1/tests?project_id=1', 'PUT', '/v1/tests/-1?project_id=1', {
      name: 'palette opening hours',
      steps: [{ input: 'when are you open' }],
    });
    await openPalette();
    await paletteSearch().fill('palette opening');
    await page.getByRole('button', { name: 'palette opening hours (Test)' }).waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL(/test_id=\d+.*#\/app\/tests/);
    const card = page.getByLabel('Test palette opening hours');
    await card.waitFor();
    await expect.poll(() => card.getAttribute('aria-current')).toBe('true');
  });

  it('lists the screens and the top bar commands when opened, and Esc closes it', async () => {
    await openPalette();
    // An empty query (the last test's closes with the palette, after its transition: on a busy machine the
    // palette may open again before that).
    await paletteSearch().fill('');
    const actions = page.locator('[data-action]');
    await actions.filter({ hasText: 'Deploy to testing' }).waitFor();
    const labels = await actions.allInnerTexts();
    for (const label of ['Dashboard', 'Intents', 'Settings', 'Run tests', 'Train', 'Run chat']) {
      expect(labels.some((l) => l.includes(label))).toBe(true);
    }
    const shot = await screenshot(page, 'palette-03-open');
    expect(shot).toMatch(/palette-03-open\.png$/);
    await page.keyboard.press('Escape');
    await paletteSearch().waitFor({ state: 'hidden' });
  });
});
