// The History screen in Chromium against the real server and the seeded demo: an intent added and another added and
// deleted after a point in time show in the Intents tab's diff and in the deleted items; an invalid point in time
// is refused before anything is asked. Needs the console built first (`npx vite build`).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPoint, INVALID_POINT } from '../../src/machines/historyCompare/pointInTime.ts';
import { openBrowser, screenshot, type TestBrowser } from './helpers/browser.ts';
import { loginAsAdmin } from './helpers/login.ts';
import { pageApiWithAtime } from './helpers/page-api.ts';
import { type RunningServer, startServer } from './helpers/server.ts';

let server: RunningServer;
let browser: TestBrowser;
let page: Page;
/** What the browser refused under the console's CSP (the diff viewer's blob: worker was). */
const cspViolations: string[] = [];

const writeWithAtime = <T>(readUrl: string, method: string, url: string, body?: unknown): Promise<T> =>
  pageApiWithAtime<T>(page, readUrl, method, url, body);

const INTENTS = '/v1/intents?project_id=1';
/** A clock time as the History inputs show it. */
const format = (ms: number) => formatPoint(Math.floor(ms / 1000));
/** The revisions are in microseconds and a point in time covers its whole second: start the change in a new one. */
const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1100 - (Date.now() % 1000)));

describe('history (e2e)', () => {
  beforeAll(async () => {
    server = await startServer();
    browser = await openBrowser();
    page = await browser.newPage({ viewport: { width: 1440, height: 960 } });
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) cspViolations.push(message.text());
    });
    await loginAsAdmin(page, server.url, 'History-e2e: nine quiet harbour clocks 4');
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows what changed between two points in time and what was deleted', async () => {
    await nextSecond();
    const before = Date.now() - 1000;
    await nextSecond();
    await writeWithAtime(INTENTS, 'PUT', '/v1/intent/-1?project_id=1', { name: 'history_added' });
    const { id } = await writeWithAtime<{ id: number }>(INTENTS, 'PUT', '/v1/intent/-1?project_id=1', {
      name: 'history_removed',
    });
    await writeWithAtime(INTENTS, 'DELETE', `/v1/intent/${id}?project_id=1`);
    await nextSecond();

    await page.goto(`${server.url}/?project_id=1#/app/history`);
    await page.getByText('Nothing compared yet').waitFor();
    const from = page.getByLabel('From', { exact: true });
    const compare = page.getByRole('button', { name: 'Compare' });

    // Bad input: a clear message, Compare disabled.
    await from.fill('2026-13-01');
    await page.getByText(INVALID_POINT).waitFor();
    expect(await compare.isDisabled()).toBe(true);

    await from.fill(format(before));
    await page.getByLabel('To', { exact: true }).fill(format(Date.now()));
    await page.getByRole('tab', { name: 'Intents' }).click();
    await compare.click();
    const diff = page.locator('table').filter({ hasText: 'history_added' }).first();
    await diff.waitFor({ timeout: 15_000 });
    // The added intent is on the To side only; the added-then-deleted one is in neither.
    expect(await page.getByText(`From ${format(before)}`).count()).toBe(1);
    expect(await diff.textContent()).not.toContain('history_removed');
    // Who changed what in between: both intents saved, one deleted (a header row and three).
    const changes = page.getByRole('table', { name: 'Changes' });
    await changes.getByText('history_added').waitFor();
    expect(await changes.getByRole('row').filter({ hasText: 'history_removed' }).count()).toBe(2);
    expect(await changes.getByRole('row').count()).toBe(4);

    await page.getByLabel('Show deleted items').check();
    const deleted = page.getByRole('table', { name: 'Deleted items' });
    await deleted.getByText('history_removed').waitFor({ timeout: 15_000 });
    expect(await deleted.getByRole('row').count()).toBe(2);
    expect(cspViolations).toEqual([]);
    await screenshot(page, 'history-intents');
  }, 120_000);
});
