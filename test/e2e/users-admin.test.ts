// Issue 34, item 4: user administration in one place, in Chromium against the real server. The users dialog gives
// the new user a role in a project in the same save; the new user changes the one-off password (which is refused as
// the new one) and later their own from the user menu; the roles screen is read-only for a user who may manage
// roles but not edit their permissions, and says why.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CURRENT_PASSWORD_WRONG, PASSWORD_NOT_NEW } from '../../src/api/contract/auth.ts';
import { projectNameTaken } from '../../src/api/contract/projects.ts';
import { READ_ONLY_MEMBERS, READ_ONLY_PERMISSIONS } from '../../src/machines/roleEditing/selectors.ts';
import { hashPassword } from '../../server/auth/passwords.ts';
import { openDatabase } from '../../server/db/database.ts';
import { openBrowser, screenshot, type TestBrowser } from './helpers/browser.ts';
import { loginAsAdmin } from './helpers/login.ts';
import { pageApi } from './helpers/page-api.ts';
import { type RunningServer, startServer } from './helpers/server.ts';

const ROLE_MANAGER = { email: 'rhea.roles@example.com', password: 'Roles-e2e: amber foxes read maps 8' };

/** A platform user whose system role holds 'Manage roles' (and what it covers), not 'Edit role permissions'. */
async function addRoleManager(dataDir: string): Promise<void> {
  const { db, close } = await openDatabase({ databaseUrl: null, dataDir });
  try {
    const role = await db.insertInto('roles').values({ name: 'Role reader' }).returning('id').executeTakeFirstOrThrow();
    const held = await db
      .selectFrom('permissions')
      .select('id')
      .where((eb) =>
        eb.or([
          eb.and([eb('method', '=', 'PUT'), eb('path', '=', '/system/roles/{id}')]),
          eb.and([eb('method', '=', 'GET'), eb('path', '=', '/users')]),
        ]),
      )
      .execute();
    await db
      .insertInto('role_permissions')
      .values(held.map((p) => ({ role_id: role.id, permission_id: p.id })))
      .execute();
    const user = await db
      .insertInto('users')
      .values({
        company_id: 1,
        name: 'Rhea Roles',
        email: ROLE_MANAGER.email,
        passwd_hash: await hashPassword(ROLE_MANAGER.password),
        password_expired: false,
        password_changed_at: new Date(),
        system_role_id: role.id,
        otp_secret: null,
        otp_last_step: null,
        is_active: true,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // A viewer in the demo project, so the console opens a project for her.
    await db.insertInto('user_projects').values({ user_id: user.id, project_id: 1, role_id: 3 }).execute();
  } finally {
    await close();
  }
}

let server: RunningServer;
let browser: TestBrowser;

beforeAll(async () => {
  server = await startServer({}, { prepare: addRoleManager });
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto(`${server.url}/#/login`);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(/#\/app\//);
}

async function openUserMenuItem(page: Page, item: string): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: item }).click();
}

describe('user administration in one place (issue 34)', () => {
  it('creates a user with a role in a project in one dialog; the one-off and the previous password are refused', async () => {
    const admin = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await loginAsAdmin(admin, server.url, 'Users-e2e: brisk teal otters swim 6');
    // A clone may not take an existing project's name: the server's sentence is shown.
    await admin.getByLabel('Project', { exact: true }).first().click();
    await admin.getByRole('option', { name: 'Clone Project' }).click();
    const cloneDialog = admin.getByRole('dialog', { name: 'Clone Project' });
    await cloneDialog.getByLabel('Project name').fill('demo bot');
    await cloneDialog.getByRole('button', { name: 'Clone' }).click();
    await admin.getByText(projectNameTaken('demo bot')).waitFor();
    await screenshot(admin, 'users-admin-00-clone-name-taken');
    // Users, Chatbot test and Change password are in the user menu.
    await admin.getByTestId('user-menu').click();
    for (const item of ['Users', 'Chatbot test', 'Change password'])
      await admin.getByRole('menuitem', { name: item }).waitFor();
    await screenshot(admin, 'users-admin-01-user-menu');
    await admin.getByRole('menuitem', { name: 'Users' }).click();
    await admin.waitForURL(/#\/app\/users/);
    await admin.getByRole('button', { name: 'Add user' }).click();
    const dialog = admin.getByRole('dialog', { name: 'New user' });
    await dialog.getByLabel('Name', { exact: true }).fill('Nina New');
    await dialog.getByLabel('Email', { exact: true }).fill('nina.new@example.com');
    // The project in view is chosen already; the role is picked in the same dialog.
    expect(await dialog.getByLabel('Project', { exact: true }).inputValue()).toBe('1');
    await dialog.getByLabel('Role in the project').selectOption({ label: 'Viewer' });
    await screenshot(admin, 'users-admin-02-new-user-dialog');
    await dialog.getByRole('button', { name: 'Create user' }).click();
    const oneOff = (await admin.getByTestId('one-off-password').innerText()).match(/[\w-]{16}/)?.[0];
    expect(oneOff).toBeDefined();
    const members = await pageApi<Array<{ project_id: number; users: Array<{ user_id: number; role_id: number }> }>>(
      admin,
      'GET',
      '/v1/users/projects',
    );
    const users = await pageApi<Array<{ id: number; email: string }>>(admin, 'GET', '/v1/users');
    const nina = users.find((u) => u.email === 'nina.new@example.com');
    expect(members.find((p) => p.project_id === 1)?.users).toContainEqual({ user_id: nina?.id, role_id: 3 });

    // Nina signs in with the one-off password, which cannot be her new one.
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await logIn(page, 'nina.new@example.com', oneOff as string);
    const forced = page.getByTestId('change-password-modal');
    await forced.getByLabel('New password', { exact: true }).fill(oneOff as string);
    await forced.getByLabel('Repeat new password', { exact: true }).fill(oneOff as string);
    await forced.getByText('The password is strong enough.').waitFor();
    await forced.getByRole('button', { name: 'Change password' }).click();
    await forced.getByText(PASSWORD_NOT_NEW).waitFor();
    await screenshot(page, 'users-admin-03-one-off-refused');
    const first = 'Harbor-e2e: seven calm herons glide 3';
    await forced.getByLabel('New password', { exact: true }).fill(first);
    await forced.getByLabel('Repeat new password', { exact: true }).fill(first);
    await forced.getByText('The password is strong enough.').waitFor();
    await forced.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Password changed').first().waitFor();
    await expect.poll(() => page.getByTestId('user-menu').innerText()).toContain('Viewer');

    // Later, her own change from the user menu: the current password is asked for and checked.
    await openUserMenuItem(page, 'Change password');
    const own = page.getByTestId('change-password-modal');
    const second = 'Lantern-e2e: four bold lynxes nap 5';
    await own.getByLabel('Current password', { exact: true }).fill('not my password');
    await own.getByLabel('New password', { exact: true }).fill(second);
    await own.getByLabel('Repeat new password', { exact: true }).fill(second);
    await own.getByText('The password is strong enough.').waitFor();
    await own.getByRole('button', { name: 'Change password' }).click();
    await own.getByText(CURRENT_PASSWORD_WRONG).waitFor();
    // The previous password cannot come back as the new one.
    await own.getByLabel('Current password', { exact: true }).fill(first);
    await own.getByLabel('New password', { exact: true }).fill(first);
    await own.getByLabel('Repeat new password', { exact: true }).fill(first);
    await own.getByText('The password is strong enough.').waitFor();
    await own.getByRole('button', { name: 'Change password' }).click();
    await own.getByText(PASSWORD_NOT_NEW).waitFor();
    await own.getByLabel('New password', { exact: true }).fill(second);
    await own.getByLabel('Repeat new password', { exact: true }).fill(second);
    await own.getByText('The password is strong enough.').waitFor();
    await screenshot(page, 'users-admin-04-own-change');
    await own.getByRole('button', { name: 'Change password' }).click();
    await own.waitFor({ state: 'detached' });
    await context.close();
    // The new password signs in (asked from the admin's page, which is done).
    const signIn = (passwd: string) =>
      admin.evaluate(
        async (body) =>
          (
            await fetch('/v1/auth/login', {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'x-requested-with': 'console' },
              body: JSON.stringify(body),
            })
          ).status,
        { email: 'nina.new@example.com', passwd },
      );
    expect(await signIn(second)).toBe(200);
    await admin.close();
  });

  it('shows the roles screen read-only, saying why, to a user without Edit role permissions', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await logIn(page, ROLE_MANAGER.email, ROLE_MANAGER.password);
    await openUserMenuItem(page, 'Manage roles');
    await page.waitForURL(/#\/app\/roles/);
    await page.getByTestId('roles-screen').waitFor();
    await page.getByTestId('permissions-read-only').getByText(READ_ONLY_PERMISSIONS).waitFor();
    await page.getByTestId('members-read-only').getByText(READ_ONLY_MEMBERS).waitFor();
    expect(await page.getByRole('button', { name: /Save Roles & Permissions/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Add role' }).count()).toBe(0);
    const boxes = page.getByTestId('role-permissions').getByRole('checkbox');
    expect(await boxes.count()).toBeGreaterThan(0);
    for (const box of await boxes.all()) expect(await box.isDisabled()).toBe(true);
    const roleSelects = page.getByRole('combobox', { name: /^Role of / });
    expect(await roleSelects.count()).toBeGreaterThan(0);
    for (const select of await roleSelects.all()) expect(await select.isDisabled()).toBe(true);
    await screenshot(page, 'users-admin-05-roles-read-only');
    // The server refuses the save too.
    const refused = await page.evaluate(async () => {
      const atime = (await fetch('/v1/roles', { headers: { 'x-requested-with': 'console' } })).headers.get('x-atime');
      const res = await fetch(`/v1/roles/permissions?atime=${atime}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'console' },
        body: JSON.stringify([{ id: 3, permissions: [] }]),
      });
      return res.status;
    });
    expect(refused).toBe(402);
    await context.close();
  });
});
