// Issue 3, one-time codes in Chromium against the real server: with the platform setting require_otp on, a user
// without a code gets a session that may only enrol; the console opens the enrolment dialog forced, a real TOTP
// code (RFC 6238, computed here from the secret the dialog shows) makes the session full, and the next login asks
// for a code. Needs the console built (`npx vite build`, or DIST_DIR pointing at a build).
import { Secret, TOTP } from 'otpauth';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, screenshot, type TestBrowser } from './helpers/browser.ts';
import { pageApi } from './helpers/page-api.ts';
import { E2E_ADMIN_PASSWORD, type RunningServer, startServer } from './helpers/server.ts';

const ADMIN_EMAIL = 'admin@example.com';
const ADMIN_PASSWORD = 'Correct-Horse-Battery-Staple-9';
const USER = { name: 'Otto Codes', email: 'otto@example.com', password: 'Lantern-Quietly-Folding-Maps-31' };
const DEMO_PROJECT_ID = 1;
const ENROLMENT_REQUIRED = 'One-time code enrolment required.';

let server: RunningServer;
let browser: TestBrowser;
const contexts: BrowserContext[] = [];

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  contexts.push(context);
  return context.newPage();
}

const codeFor = (secret: string, offsetSteps = 0): string =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: Date.now() + offsetSteps * 30_000,
  });

async function fillCredentials(page: Page, email: string, password: string): Promise<void> {
  await page.goto(`${server.url}/#/app/dashboard`);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** A raw call from the page, with its status (pageApi throws on errors). */
async function status(page: Page, method: string, url: string): Promise<{ status: number; message: string }> {
  return page.evaluate(
    async ({ method, url }) => {
      const res = await fetch(url, { method, credentials: 'include', headers: { 'x-requested-with': 'console' } });
      const body = (await res.json().catch(() => ({}))) as { message?: string };
      return { status: res.status, message: body.message ?? '' };
    },
    { method, url },
  );
}

beforeAll(async () => {
  server = await startServer(process.env.DIST_DIR ? { DIST_DIR: process.env.DIST_DIR } : {});
  browser = await openBrowser();
});
afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => {});
  await browser?.close();
  await server?.stop();
});

describe('one-time codes required by the platform, in Chromium', () => {
  let userPassword = '';
  let secret = '';

  it('an administrator creates a user, then requires one-time codes', async () => {
    const admin = await newPage();
    await fillCredentials(admin, ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
    await admin.getByText('Change your password').waitFor();
    await admin.getByLabel('New password', { exact: true }).fill(ADMIN_PASSWORD);
    await admin.getByLabel('Repeat new password', { exact: true }).fill(ADMIN_PASSWORD);
    await admin.getByRole('button', { name: 'Change password' }).click();
    await admin.getByText('Password changed').first().waitFor();

    const q = `project_id=${DEMO_PROJECT_ID}`;
    const usersAtime = await atimeOf(admin, `/v1/users?${q}`);
    const created = await pageApi<{ id: number; password: string }>(
      admin,
      'PUT',
      `/v1/users/-1?${q}&atime=${usersAtime}`,
      { name: USER.name, email: USER.email },
    );
    userPassword = created.password;
    const platformAtime = await atimeOf(admin, `/v1/platform/settings?${q}`);
    await pageApi(admin, 'PUT', `/v1/platform/settings?${q}&atime=${platformAtime}`, { require_otp: true });
    // The administrator has no code either: from now on their session may only enrol.
    expect(await status(admin, 'GET', `/v1/projects?${q}`)).toEqual({ status: 403, message: ENROLMENT_REQUIRED });
  });

  it('the user logs in, cannot leave the forced enrolment dialog, enrols with a real code and gets the console', async () => {
    const page = await newPage();
    await fillCredentials(page, USER.email, userPassword);
    // A one-off password is expired, but enrolment comes first: only the enrolment dialog, forced open.
    const modal = page.getByTestId('otp-enrolment-modal');
    await modal.getByAltText('QR code for the authenticator app').waitFor();
    await expect.poll(() => page.getByTestId('otp-required-notice').count()).toBe(1);
    expect(await page.getByTestId('user-menu').count()).toBe(0);
    await page.keyboard.press('Escape');
    await modal.getByAltText('QR code for the authenticator app').waitFor();
    expect(await modal.getByRole('button', { name: /close/i }).count()).toBe(0);
    expect(await status(page, 'GET', `/v1/projects?project_id=${DEMO_PROJECT_ID}`)).toEqual({
      status: 403,
      message: ENROLMENT_REQUIRED,
    });
    await screenshot(page, 'otp-01-forced-enrolment');

    secret = (await modal.getByText(/^[A-Z2-7]{32}$/).innerText()).trim();
    await modal.getByRole('textbox').first().click();
    await page.keyboard.type(codeFor(secret));
    await page.getByText('One-time codes enabled').first().waitFor();
    // Enrolled: the restriction is lifted; the expired one-off password is changed next.
    await page.getByText('Change your password').waitFor();
    await page.getByLabel('New password', { exact: true }).fill(USER.password);
    await page.getByLabel('Repeat new password', { exact: true }).fill(USER.password);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Password changed').first().waitFor();
    await page.getByTestId('user-menu').waitFor();
    expect((await status(page, 'GET', `/v1/projects?project_id=${DEMO_PROJECT_ID}`)).status).toBe(200);
    await screenshot(page, 'otp-02-enrolled-console');

    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.getByRole('button', { name: 'Log in' }).waitFor();
  });

  it('the next login asks for the code and a fresh one logs in', async () => {
    const page = await newPage();
    await fillCredentials(page, USER.email, USER.password);
    await page.getByRole('button', { name: 'Verify and log in' }).waitFor();
    await page.getByLabel('One-time code').first().click();
    // The step used to enrol is spent; the next one (one step of drift is allowed) is fresh.
    await page.keyboard.type(codeFor(secret, 1));
    await page.getByRole('button', { name: 'Verify and log in' }).click();
    await page.getByTestId('user-menu').waitFor();
    await screenshot(page, 'otp-03-logged-in-with-code');
  });
});

async function atimeOf(page: Page, url: string): Promise<string> {
  return page.evaluate(async (url) => {
    const res = await fetch(url, { credentials: 'include', headers: { 'x-requested-with': 'console' } });
    return res.headers.get('x-atime') ?? '';
  }, url);
}
