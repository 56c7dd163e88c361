// Issue 18 acceptance in Chromium against the real server: a user who may see the statistics of the testing
// environment only sees its figures and no environment switch, and the server refuses production's; a user without
// `GET /stats` sees no statistics and the server refuses both environments with 402, as it refuses every call the
// user may not make. Needs the console built first (`npx vite build`).
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Permission } from '../../src/api/contract/permissions-catalogue.ts';
import { openBrowser, screenshot, type TestBrowser } from './helpers/browser.ts';
import { loginAsAdmin } from './helpers/login.ts';
import { pageApi, pageApiWithAtime } from './helpers/page-api.ts';
import { type RunningServer, startServer } from './helpers/server.ts';

const DEMO_PROJECT_ID = 1;

let server: RunningServer;
let browser: TestBrowser;
let admin: Page;
const contexts: BrowserContext[] = [];

/** A role of the given catalogue grants (method, path and environment), created as the Roles screen does. */
async function createRole(name: string, grants: Array<{ method: string; path: string; env?: 'dev' | 'prod' }>) {
  const catalogue = await pageApi<Permission[]>(admin, 'GET', '/v1/permissions');
  const ids = grants.map((g) => {
    const found = catalogue.find(
      (p) => p.method === g.method && p.resources === g.path && (g.env === undefined || p.project_env === g.env),
    );
    if (!found) throw new Error(`no permission ${g.method} ${g.path} ${g.env ?? ''}`);
    return found.id;
  });
  const { id } = await pageApiWithAtime<{ id: number }>(admin, '/v1/roles', 'PUT', '/v1/roles/-1', { name });
  await pageApiWithAtime(admin, '/v1/roles', 'PUT', '/v1/roles/permissions', [{ id, permissions: ids }]);
  return id;
}

/** A user with a one-off password, added to the demo project with the role. */
async function createMember(name: string, email: string, roleId: number) {
  const user = await pageApiWithAtime<{ id: number; password: string }>(admin, '/v1/users', 'PUT', '/v1/users/-1', {
    name,
    email,
  });
  const projects = await pageApi<Array<{ project_id: number; users: Array<{ user_id: number; role_id: number }> }>>(
    admin,
    'GET',
    '/v1/users/projects',
  );
  const members = projects.find((p) => p.project_id === DEMO_PROJECT_ID)?.users ?? [];
  await pageApiWithAtime(admin, '/v1/users/projects', 'PUT', '/v1/users/projects', [
    { project_id: DEMO_PROJECT_ID, users: [...members, { user_id: user.id, role_id: roleId }] },
  ]);
  return { email, password: user.password };
}

/** Logs a user in through the login screen and replaces the one-off password in the modal that follows. */
async function logIn(email: string, oneOff: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
  contexts.push(context);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  await page.goto(`${server.url}/?project_id=${DEMO_PROJECT_ID}#/app/dashboard`);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(oneOff);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByText('Change your password').waitFor();
  const password = 'Dashboard-access: amber kettles whistle 44';
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Repeat new password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Change password' }).click();
  await page.getByTestId('user-menu').waitFor();
  return page;
}

const statsStatus = (page: Page, env: 'dev' | 'prod') =>
  page.evaluate(async (env) => {
    const day = new Date().toISOString().slice(0, 10);
    const url = `/v1/stats?project_id=1&project_env=${env}&from=${day}&to=${day}`;
    const response = await fetch(url, { credentials: 'include', headers: { 'x-requested-with': 'console' } });
    return response.status;
  }, env);

describe('dashboard statistics by permission (e2e)', () => {
  beforeAll(async () => {
    server = await startServer();
    browser = await openBrowser();
    admin = await (await browser.newContext({ viewport: { width: 1440, height: 1000 } })).newPage();
    await loginAsAdmin(admin, server.url, 'Statistics-by-role: nine quiet herons 5');
  }, 120_000);

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await browser?.close();
    await server?.stop();
  });

  it('a user with GET /stats on testing only sees testing figures, no switch, and production is refused', async () => {
    const role = await createRole('Testing statistics', [
      { method: 'GET', path: '/stats', env: 'dev' },
      { method: 'GET', path: '/intents' },
    ]);
    const member = await createMember('Tereza Tester', 'tereza@example.com', role);
    const page = await logIn(member.email, member.password);
    await page.goto(`${server.url}/?project_id=${DEMO_PROJECT_ID}#/app/dashboard`);
    const stats = page.getByTestId('dashboard-stats');
    await stats.waitFor({ timeout: 30_000 });
    await page
      .getByTestId('stats-period')
      .getByText(/^Testing,/)
      .waitFor({ timeout: 15_000 });
    await page.getByTestId('figure-conversations-value').waitFor({ timeout: 15_000 });
    // No environment switch: one environment is all this user may see.
    expect(await page.getByRole('radiogroup', { name: 'Environment' }).count()).toBe(0);
    expect(await page.locator('label', { hasText: /^Production$/ }).count()).toBe(0);
    await screenshot(page, 'dashboard-testing-only');
    // The server agrees with what the screen hides.
    expect(await statsStatus(page, 'dev')).toBe(200);
    expect(await statsStatus(page, 'prod')).toBe(402);
    // The administrator, with both, gets the switch.
    await admin.goto(`${server.url}/?project_id=${DEMO_PROJECT_ID}#/app/dashboard`);
    await admin
      .getByTestId('stats-period')
      .getByText(/^Production,/)
      .waitFor({ timeout: 30_000 });
    expect(await admin.locator('label', { hasText: /^Testing$/ }).count()).toBe(1);
  }, 180_000);

  it('a user without GET /stats sees no statistics, and the server refuses the call (402)', async () => {
    const role = await createRole('Intents only', [{ method: 'GET', path: '/intents' }]);
    const member = await createMember('Ivan Intents', 'ivan@example.com', role);
    const page = await logIn(member.email, member.password);
    await page.goto(`${server.url}/?project_id=${DEMO_PROJECT_ID}#/app/dashboard`);
    // The dashboard is the statistics screen (menu permission `GET /stats`): neither the menu nor the screen offers it.
    await page.getByText('No access to Dashboard').waitFor({ timeout: 30_000 });
    const menu = (await page.getByRole('navigation', { name: 'Main menu' }).locator('a').allInnerTexts()).map((t) =>
      t.trim(),
    );
    expect(menu).toContain('Intents');
    expect(menu).not.toContain('Dashboard');
    expect(await page.getByTestId('dashboard-stats').count()).toBe(0);
    expect(await page.getByTestId('figure-conversations').count()).toBe(0);
    await screenshot(page, 'dashboard-no-statistics');
    expect(await statsStatus(page, 'dev')).toBe(402);
    expect(await statsStatus(page, 'prod')).toBe(402);
  }, 180_000);
});
