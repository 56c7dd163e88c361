// Issue 19 / spec 2 §4 "New user" in Chromium against the real server started on an empty platform (SEED_DEMO=0:
// the administrator and no project): the administrator has no project and may create one, so logging in creates
// it, trains its model and shows 'NLU model ready'. (A user who may not create one gets 'ERROR: No projects
// associated with this user...': test/model/projectSelection.test.tsx.) Needs `npm run build`.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_PROJECTS_ALERT } from '../../src/api/contract/projects.ts';
import { FIRST_TRAINING, NLU_MODEL_READY } from '../../src/machines/projectSelection/machine.ts';
import { openBrowser, screenshot, type TestBrowser } from './helpers/browser.ts';
import { pageApi, pageApiWithAtime } from './helpers/page-api.ts';
import { E2E_ADMIN_PASSWORD, type RunningServer, startServer } from './helpers/server.ts';

let server: RunningServer;
let browser: TestBrowser;
let page: Page;

describe('first run (e2e)', () => {
  beforeAll(async () => {
    server = await startServer({ SEED_DEMO: '0' }, { fresh: true });
    browser = await openBrowser();
    page = await browser.newPage({ viewport: { width: 1440, height: 960 } });
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a new user without projects logs in and sees NLU model ready on a freshly trained project', async () => {
    await page.goto(`${server.url}/#/login`);
    await page.getByLabel(/email/i).fill('admin@example.com');
    await page.getByRole('textbox', { name: 'Password' }).fill(E2E_ADMIN_PASSWORD);
    await page.getByRole('button', { name: /log in|sign in/i }).click();
    await page.waitForURL(/app\//);
    // The seeded password is expired: the first project waits until it is changed (the server refuses it before).
    const newPassword = 'First-run: twelve quiet comets 84';
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Repeat new password').fill(newPassword);
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /change|save/i })
      .click();
    // Nothing existed: the first project is made, then trained while the console says so.
    await page
      .getByText(FIRST_TRAINING)
      .waitFor({ timeout: 60_000 })
      .catch(async (error) => {
        await screenshot(page, 'first-run-failed');
        throw error;
      });
    await page.locator('.mantine-Notification-root').filter({ hasText: NLU_MODEL_READY }).waitFor({ timeout: 120_000 });
    await screenshot(page, 'first-run-model-ready');
    const projects = await pageApi<{ id: number; name: string }[]>(page, 'GET', '/v1/projects');
    expect(projects.map((p) => p.name)).toEqual(['My first project']);
    const { status } = await pageApi<{ status: { state: string; stale: boolean } }>(
      page,
      'GET',
      `/v1/intents/evaluation?project_id=${projects[0]!.id}`,
    );
    expect(status).toMatchObject({ state: 'done', stale: false });
    expect(await page.getByTestId('footer-project-id').textContent()).toContain(String(projects[0]!.id));
  }, 300_000);

  it('a new user without projects who may not create one sees the spec alert', async () => {
    const created = await pageApiWithAtime<{ id: number; password: string }>(page, '/v1/users', 'PUT', '/v1/users/-1', {
      name: 'No Project',
      email: 'no-project@example.com',
    });
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const other = await context.newPage();
    await other.goto(`${server.url}/#/login`);
    await other.getByLabel(/email/i).fill('no-project@example.com');
    await other.getByRole('textbox', { name: 'Password' }).fill(created.password);
    await other.getByRole('button', { name: /log in|sign in/i }).click();
    await other.getByText(NO_PROJECTS_ALERT).waitFor({ timeout: 60_000 });
    await screenshot(other, 'first-run-no-projects');
    expect(await other.getByText(NLU_MODEL_READY).count()).toBe(0);
    await context.close();
  }, 120_000);
});
