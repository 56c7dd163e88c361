import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, screenshot, type TestBrowser } from './helpers/browser.ts';
import { NEXT_STEP_DEPLOY } from '../../src/screens/dashboard/NextStepCard.tsx';
import { E2E_ADMIN_PASSWORD, type RunningServer, startServer } from './helpers/server.ts';

let server: RunningServer;
let browser: TestBrowser;
let page: Page;

beforeAll(async () => {
  server = await startServer();
  browser = await openBrowser();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the console shell in Chromium against the real server', () => {
  it('logs in as the seeded admin, changes the expired password, navigates with Ctrl+G then S and logs out', async () => {
    // An unauthenticated deep link goes to login and comes back afterwards.
    await page.goto(`${server.url}/#/app/intents`);
    await page.getByLabel('Email', { exact: true }).waitFor();
    await screenshot(page, 'shell-01-login');
    await page.getByLabel('Email', { exact: true }).fill('admin@example.com');
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('Login failed.').first().waitFor();

    await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('Change your password').waitFor();
    // The modal cannot be closed before the password is changed.
    await page.keyboard.press('Escape');
    expect(await page.getByText('Change your password').isVisible()).toBe(true);
    const newPassword = 'Correct-Horse-Battery-Staple-9';
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Repeat new password', { exact: true }).fill('Correct');
    await page.getByText('Passwords do not match').waitFor();
    await page.getByLabel('Repeat new password', { exact: true }).fill(newPassword);
    await page.getByText('The password is strong enough.').waitFor();
    await screenshot(page, 'shell-02-password-change');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Password changed').waitFor();
    await page.waitForURL(/#\/app\/intents/);

    await page.goto(`${server.url}/#/app/dashboard`);
    await page.getByTestId('dashboard').waitFor();
    await screenshot(page, 'shell-03-dashboard');
    // Guided start: the dashboard's next step opens the top bar's deploy dialog (issue 19).
    const nextStep = page.getByTestId('dashboard-next-step');
    expect(await nextStep.innerText()).toContain(NEXT_STEP_DEPLOY);
    await nextStep.getByRole('button', { name: 'Deploy to testing' }).click();
    await page.getByRole('dialog', { name: 'Deploy to testing' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Deploy to testing' }).waitFor({ state: 'hidden' });

    // Startup loads (spec 2 §7): the project's lists were loaded once; the settings screen's first visit asks for
    // none of its three, a second visit asks the server again.
    await page.getByLabel('Loading the project').waitFor({ state: 'detached' });
    const asked: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/v1/')) asked.push(`${r.method()} ${url.pathname}`);
    });
    const settingsLoads = ['GET /v1/settings', 'GET /v1/voices', 'GET /v1/languages'];
    await page.keyboard.press('Control+g');
    await page.getByTestId('menu-mode').waitFor();
    await page.keyboard.press('s');
    await page.waitForURL(/#\/app\/settings/);
    await page.getByLabel('Name', { exact: true }).waitFor();
    await screenshot(page, 'shell-04-settings-via-hotkey');
    expect(asked.filter((a) => settingsLoads.includes(a))).toEqual([]);
    await page.getByRole('navigation', { name: 'Main menu' }).getByText('Intents').click();
    await page.waitForURL(/#\/app\/intents/);
    await page.getByRole('navigation', { name: 'Main menu' }).getByText('Settings').click();
    await page.getByLabel('Name', { exact: true }).waitFor();
    await expect.poll(() => settingsLoads.every((load) => asked.includes(load))).toBe(true);
    expect(asked.filter((a) => a === 'GET /v1/intents')).toEqual([]);

    // The 404 page says exactly the spec's text and links home.
    await page.goto(`${server.url}/#/404`);
    await page.getByTestId('not-found').waitFor();
    expect(await page.getByTestId('not-found').innerText()).toContain('Opps, it seems that this page does not exist.');
    await screenshot(page, 'shell-05-not-found');
    await page.goto(`${server.url}/#/app/dashboard`);
    await page.getByTestId('dashboard').waitFor();

    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.getByLabel('Email', { exact: true }).waitFor();
    // The old session is gone on the server too.
    const me = await page.evaluate(
      async () => (await fetch('/v1/users/me', { headers: { 'x-requested-with': 'console' } })).status,
    );
    expect(me).toBe(401);
  });
});
