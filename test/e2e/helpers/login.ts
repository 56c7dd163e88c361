import type { Page } from 'playwright-core';
import { pageApi } from './page-api.ts';
import { E2E_ADMIN_PASSWORD } from './server.ts';

/**
 * Logs the seeded administrator in through the login screen and replaces the one-off password (the console
 * asks for that before anything else), then reloads: the console read the session while the password was still
 * expired, and the change went through the API behind its back. It returns with the console logged in (its top bar
 * shown), so no caller has to remember a reload. Shared by the browser tests and the browser benchmarks.
 */
export async function loginAsAdmin(page: Page, serverUrl: string, newPassword: string): Promise<void> {
  await page.goto(`${serverUrl}/#/login`);
  await page.getByLabel(/email/i).fill('admin@example.com');
  await page.getByRole('textbox', { name: 'Password' }).fill(E2E_ADMIN_PASSWORD);
  await page.getByRole('button', { name: /log in|sign in/i }).click();
  await page.waitForURL(/app\//);
  const me = await pageApi<{ id: number }>(page, 'GET', '/v1/users/me');
  await pageApi(page, 'PUT', `/v1/users/change-my-passwd?id=${me.id}`, { passwd: newPassword });
  await page.reload();
  await page.getByRole('button', { name: 'Run Chat' }).waitFor();
}
