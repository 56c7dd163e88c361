// Screenshots of the console against a running server: login, the forced password change and the shell.
// Usage: node scripts/screenshots.ts  (env: BASE_URL=http://localhost:8000, EMAIL, PASSWORD, NEW_PASSWORD, OUT_DIR)
// Expects the seeded administrator with an expired password (a fresh DATA_DIR with SEED_ADMIN_PASSWORD).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const baseUrl = process.env.BASE_URL ?? 'http://localhost:8000';
const email = process.env.EMAIL ?? 'admin@example.com';
const password = process.env.PASSWORD ?? 'Demo-Passw0rd-1';
const newPassword = process.env.NEW_PASSWORD ?? 'Quiet-Harbour-Lantern-42';
const outDir = process.env.OUT_DIR ?? 'docs/screenshots';
mkdirSync(outDir, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
const shot = async (name: string) => {
  await page.waitForTimeout(400); // let transitions settle
  await page.screenshot({ path: path.join(outDir, `${name}.png`) });
  console.log(`wrote ${path.join(outDir, `${name}.png`)}`);
};

try {
  await page.goto(`${baseUrl}/#/app/dashboard`);
  await page.getByLabel('Email', { exact: true }).waitFor();
  await shot('login');

  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByText('Email is required').waitFor();
  await shot('login-validation');

  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByText('Change your password').waitFor();
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Repeat new password', { exact: true }).fill(newPassword.slice(0, 6));
  await page.getByText('Passwords do not match').waitFor();
  await shot('password-expired');

  await page.getByLabel('Repeat new password', { exact: true }).fill(newPassword);
  await page.getByText('The password is strong enough.').waitFor();
  await page.getByRole('button', { name: 'Change password' }).click();
  await page.getByTestId('dashboard').waitFor();
  await page.getByText('Password changed').waitFor();
  await shot('shell-dashboard');

  await page.keyboard.press('Control+g');
  await page.getByTestId('menu-mode').waitFor();
  await shot('menu-mode');
  await page.keyboard.press('s');
  await page.waitForURL(/#\/app\/settings/);
  await shot('settings-via-hotkey');

  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Logout' }).waitFor();
  await shot('user-menu');

  await page.goto(`${baseUrl}/#/404`);
  await page.getByTestId('not-found').waitFor();
  await shot('not-found');
} finally {
  await browser.close();
}
