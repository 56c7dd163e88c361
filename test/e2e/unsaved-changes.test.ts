// Issue 33 item 1 in Chromium against the real server: a draft is never lost silently. With a changed settings
// form every way out asks "Save", "Discard" or "Stay" (a menu item, Ctrl+G then a letter, the Ctrl+K palette, the
// browser's back), reload asks the browser's own question, and Esc or Cancel on a knowledge entry with typed text
// asks before closing. The intents screen's template edit and typed new template, the tests screen's editor and
// Logout from the user menu ask too (Esc in the inline template editor still only restores the old text). One server
// and one browser for every exit. Needs the console built first (`npx vite build`).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAVING_TEXTS } from '../../src/machines/navigationGuard/leaving.ts';
import { PALETTE_PLACEHOLDER } from '../../src/ui/shell/CommandPalette.tsx';
import { launchBrowser, screenshot } from './helpers/browser.ts';
import { loginAsAdmin } from './helpers/login.ts';
import { pageApi } from './helpers/page-api.ts';
import { type RunningServer, startServer } from './helpers/server.ts';

let server: RunningServer;
let browser: Browser;
let page: Page;
let projectId: string;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await loginAsAdmin(page, server.url, 'Unsaved-Correct-Horse-Battery-7');
  await page.goto(`${server.url}/#/app/dashboard`);
  await page.getByTestId('dashboard').waitFor();
  await page.waitForURL(/project_id=\d+/);
  projectId = new URL(page.url()).searchParams.get('project_id') as string;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const question = () => page.getByRole('dialog', { name: LEAVING_TEXTS.title });
const answer = (name: string) => question().getByRole('button', { name, exact: true });
const nameField = () => page.getByLabel('Name', { exact: true });
const savedName = async () =>
  (await pageApi<{ name: string }>(page, 'GET', `/v1/settings?project_id=${projectId}`)).name;
const hashPath = () => new URL(page.url()).hash;
/** The question, once its opening transition is over (for the screenshots). */
async function questionShown() {
  await question().waitFor();
  await expect.poll(() => question().evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
}

const menuItem = (name: string) =>
  page.getByRole('navigation', { name: 'Main menu' }).getByText(name, { exact: true }).click();

/** Opens the settings from the menu and changes the project's name without saving it. */
async function changeSettings(name: string) {
  if (!hashPath().startsWith('#/app/settings')) {
    await page.getByRole('navigation', { name: 'Main menu' }).getByText('Settings', { exact: true }).click();
  }
  await nameField().waitFor();
  await expect.poll(() => nameField().isEditable()).toBe(true);
  await nameField().fill(name);
  await page.getByText('You have unsaved changes.').waitFor();
}

describe('unsaved changes in Chromium', () => {
  it('a menu item asks; Stay keeps the page and the typed name', async () => {
    const original = await savedName();
    await changeSettings('Renamed by the menu test');
    await page.getByRole('navigation', { name: 'Main menu' }).getByText('Intents', { exact: true }).click();
    await questionShown();
    expect(await question().innerText()).toContain(LEAVING_TEXTS.message);
    await screenshot(page, 'unsaved-01-settings-menu-item');
    await answer(LEAVING_TEXTS.stay).click();
    await expect.poll(() => question().isVisible()).toBe(false);
    expect(hashPath()).toBe('#/app/settings');
    expect(await nameField().inputValue()).toBe('Renamed by the menu test');
    expect(await savedName()).toBe(original);
  });

  it('Ctrl+G then a letter asks; Discard opens the screen and throws the draft away', async () => {
    const original = await savedName();
    await page.keyboard.press('Control+g');
    await page.getByTestId('menu-mode').waitFor();
    await page.keyboard.press('d');
    await question().waitFor();
    await answer(LEAVING_TEXTS.discard).click();
    await page.getByTestId('dashboard').waitFor();
    expect(hashPath()).toBe('#/app/dashboard');
    expect(await savedName()).toBe(original);
  });

  it('the Ctrl+K palette asks; Save saves the draft, then opens the chosen screen', async () => {
    await changeSettings('Saved on the way out');
    await page.keyboard.press('Control+k');
    await page.getByPlaceholder(PALETTE_PLACEHOLDER).fill('Dashboard');
    await page.locator('[data-action]').filter({ hasText: 'Dashboard' }).first().waitFor();
    await page.keyboard.press('Enter');
    await question().waitFor();
    await answer(LEAVING_TEXTS.save).click();
    await page.getByTestId('dashboard').waitFor();
    expect(hashPath()).toBe('#/app/dashboard');
    expect(await savedName()).toBe('Saved on the way out');
  });

  it("the browser's back asks; Stay keeps the page, Discard goes back", async () => {
    await changeSettings('Renamed before going back');
    const saved = await savedName();
    await page.goBack();
    await question().waitFor();
    await answer(LEAVING_TEXTS.stay).click();
    await expect.poll(() => question().isVisible()).toBe(false);
    expect(hashPath()).toBe('#/app/settings');
    expect(await nameField().inputValue()).toBe('Renamed before going back');
    await page.goBack();
    await question().waitFor();
    await answer(LEAVING_TEXTS.discard).click();
    await page.getByTestId('dashboard').waitFor();
    expect(await savedName()).toBe(saved);
  });

  it('reload asks the browser first (beforeunload); dismissing it keeps the draft', async () => {
    await changeSettings('Renamed before a reload');
    const dialogs: string[] = [];
    const onDialog = (dialog: import('playwright-core').Dialog) => {
      dialogs.push(dialog.type());
      void dialog.dismiss();
    };
    page.on('dialog', onDialog);
    await page.reload({ timeout: 3000 }).catch(() => {});
    page.off('dialog', onDialog);
    expect(dialogs).toEqual(['beforeunload']);
    expect(await nameField().inputValue()).toBe('Renamed before a reload');
    // Once the draft is discarded the page reloads without a question.
    await page.getByRole('button', { name: 'Discard changes' }).click();
    page.on('dialog', onDialog);
    await page.reload();
    page.off('dialog', onDialog);
    expect(dialogs).toEqual(['beforeunload']);
    await nameField().waitFor();
  });

  it('switching project asks; Discard opens the other project', async () => {
    const other = await pageApi<{ project_id: number }>(page, 'POST', `/v1/projects?project_id=${projectId}`, {
      name: 'Second bot',
    });
    // The selector lists projects as loaded at login: read them again.
    await page.reload();
    await changeSettings('Renamed before switching');
    await page.getByTestId('project-selector').click();
    await page.getByRole('option', { name: 'Second bot' }).click();
    await question().waitFor();
    await answer(LEAVING_TEXTS.stay).click();
    expect(new URL(page.url()).searchParams.get('project_id')).toBe(projectId);
    expect(await nameField().inputValue()).toBe('Renamed before switching');
    await page.getByTestId('project-selector').click();
    await page.getByRole('option', { name: 'Second bot' }).click();
    await answer(LEAVING_TEXTS.discard).click();
    await page.waitForURL(new RegExp(`project_id=${other.project_id}`));
    await expect.poll(() => nameField().inputValue()).toBe('Second bot');
    await page.getByTestId('project-selector').click();
    await page.getByRole('option', { name: 'Saved on the way out' }).click();
    await page.waitForURL(new RegExp(`project_id=${projectId}`));
  });

  it('Esc or Cancel on a knowledge entry with typed text asks; Stay keeps the text, Discard closes the dialog', async () => {
    await page.getByRole('navigation', { name: 'Main menu' }).getByText('Knowledge base', { exact: true }).click();
    await page.getByTestId('knowledge-screen').waitFor();
    await page.getByRole('button', { name: 'Add entry' }).click();
    const entry = page.getByRole('dialog', { name: 'Add knowledge' });
    await entry.waitFor();
    const text = 'The car park opens at seven. '.repeat(400);
    await entry.getByLabel('Knowledge').fill(text);
    await page.keyboard.press('Escape');
    await questionShown();
    await screenshot(page, 'unsaved-02-knowledge-entry-esc');
    await answer(LEAVING_TEXTS.stay).click();
    await expect.poll(() => question().isVisible()).toBe(false);
    expect(await entry.getByLabel('Knowledge').inputValue()).toBe(text);
    // Cancel asks the same question.
    await entry.getByRole('button', { name: 'Cancel' }).click();
    await question().waitFor();
    await answer(LEAVING_TEXTS.discard).click();
    await expect.poll(() => entry.isVisible()).toBe(false);
    const entries = await pageApi<Array<{ knowledge: string }>>(page, 'GET', `/v1/knowledges?project_id=${projectId}`);
    expect(entries.some((e) => e.knowledge.startsWith('The car park'))).toBe(false);
  });

  it('the intents screen: a changed template edit asks on leaving, Esc only restores; a typed new template is saved by Save', async () => {
    await menuItem('Intents');
    const list = page.getByTestId('intents-list');
    await list.waitFor();
    const templatesOf = async () =>
      (await pageApi<Array<{ name: string; templates: string[] }>>(page, 'GET', `/v1/intents?project_id=${projectId}`))
        .find((i) => i.name === 'greeting')
        ?.templates.slice()
        .sort() ?? [];
    const before = await templatesOf();
    const [first] = (
      await pageApi<Array<{ name: string; templates: string[] }>>(page, 'GET', `/v1/intents?project_id=${projectId}`)
    ).find((i) => i.name === 'greeting')?.templates ?? [''];
    await page.getByLabel('Expand greeting').click();
    const add = page.getByLabel('New template of greeting');
    await add.waitFor();
    // An inline edit with other text: the menu asks, Stay keeps the edit open with its text.
    await page.getByLabel(`Edit template ${first}`, { exact: true }).click();
    const edit = page.getByLabel('Edit template', { exact: true });
    await edit.fill('good evening');
    await menuItem('Tests');
    await questionShown();
    await screenshot(page, 'unsaved-03-intents-template-edit');
    await answer(LEAVING_TEXTS.stay).click();
    await expect.poll(() => question().isVisible()).toBe(false);
    expect(hashPath()).toBe('#/app/intents');
    expect(await edit.inputValue()).toBe('good evening');
    // Esc inside the editor restores the old text without asking (spec: "Esc restores the old text").
    await edit.press('Escape');
    await expect.poll(() => edit.isVisible()).toBe(false);
    expect(await question().isVisible()).toBe(false);
    await list.getByText(first, { exact: true }).waitFor();
    expect(await templatesOf()).toEqual(before);

    // A typed new template: Ctrl+G then a letter asks; Save adds it, then the tests screen opens.
    await add.fill('see you soon, leaving now');
    await page.keyboard.press('Control+g');
    await page.getByTestId('menu-mode').waitFor();
    await page.keyboard.press('t');
    await question().waitFor();
    await answer(LEAVING_TEXTS.save).click();
    await page.waitForURL(/#\/app\/tests/);
    expect(await templatesOf()).toEqual([...before, 'see you soon, leaving now'].sort());
  });

  it("the tests screen: Cancel on a typed test asks; the browser's back asks and Discard throws the test away", async () => {
    await page.getByRole('button', { name: /^Add\s*Ctrl\+A$/ }).click();
    const editor = page.getByRole('dialog', { name: 'New test' });
    await editor.waitFor();
    await editor.getByLabel('Test identifier').fill('typed_then_left');
    await editor.getByRole('button', { name: 'Cancel' }).click();
    await questionShown();
    await answer(LEAVING_TEXTS.stay).click();
    await expect.poll(() => question().isVisible()).toBe(false);
    expect(await editor.getByLabel('Test identifier').inputValue()).toBe('typed_then_left');
    await page.goBack();
    await questionShown();
    await screenshot(page, 'unsaved-04-tests-editor-back');
    await answer(LEAVING_TEXTS.discard).click();
    await page.waitForURL(/#\/app\/intents/);
    const tests = await pageApi<Array<{ name: string }>>(page, 'GET', `/v1/tests?project_id=${projectId}`);
    expect(tests.some((t) => t.name === 'typed_then_left')).toBe(false);
  });

  it('the graph editor: a typed scope name asks on leaving; Discard leaves without adding it', async () => {
    await menuItem('Graph editor');
    const scopeName = page.getByLabel('New scope name');
    await scopeName.fill('typed scope');
    await menuItem('Intents');
    await questionShown();
    await screenshot(page, 'unsaved-06-graph-editor-scope-name');
    await answer(LEAVING_TEXTS.stay).click();
    await expect.poll(() => question().isVisible()).toBe(false);
    expect(await scopeName.inputValue()).toBe('typed scope');
    await menuItem('Intents');
    await answer(LEAVING_TEXTS.discard).click();
    await page.waitForURL(/#\/app\/intents/);
    const scopes = await pageApi<Array<{ name: string }>>(page, 'GET', `/v1/reaction-scopes?project_id=${projectId}`);
    expect(scopes.some((s) => s.name === 'typed scope')).toBe(false);
  });

  it('Logout from the user menu asks while a draft is held; Stay keeps it, Discard logs out', async () => {
    const add = page.getByLabel('New template of greeting');
    if (!(await add.isVisible())) await page.getByLabel('Expand greeting').click();
    await add.fill('typed before logout');
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await questionShown();
    await screenshot(page, 'unsaved-05-logout');
    await answer(LEAVING_TEXTS.stay).click();
    await expect.poll(() => question().isVisible()).toBe(false);
    expect(await add.inputValue()).toBe('typed before logout');
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await answer(LEAVING_TEXTS.discard).click();
    await page.getByLabel('Email', { exact: true }).waitFor();
  });
});
