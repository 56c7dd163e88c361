// Issue 5 acceptance in Chromium against the real server: a two-scope dialogue (greeting → order with a date
// picker → confirmation → call_end) built only with the flow editor, saved, checked through the API and walked
// through in a conversation; an invalid condition cannot be saved and the message names its reaction; the
// actions screen creates, tests and deletes a webhook action. Needs the console built (`npx vite build`).
import fs from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Reaction } from '../../src/api/contract/reactions.ts';
import { loginAsAdmin } from './helpers/login.ts';
import { pageApi } from './helpers/page-api.ts';
import { artifactsDir, openBrowser, screenshot, type TestBrowser } from './helpers/browser.ts';
import { type RunningServer, startServer } from './helpers/server.ts';

let server: RunningServer;
let browser: TestBrowser;
let page: Page;
const PROJECT = 1; // the seeded demo project: its language model knows 'order' and 'confirm'

/** A call from the signed-in page itself: its session cookie and the console's header. */
const api = <T>(method: string, url: string, body?: unknown): Promise<T> => pageApi<T>(page, method, url, body);

async function toast(text: string) {
  await page.locator('.mantine-Notification-root').filter({ hasText: text }).first().waitFor({ timeout: 30_000 });
}

async function shot(name: string) {
  for (const button of await page.locator('.mantine-Notification-closeButton').all())
    await button.click().catch(() => {});
  await page.waitForTimeout(350);
  await screenshot(page, name);
}

async function open(screen: string) {
  await page.goto(`${server.url}/?project_id=${PROJECT}#/app/${screen}`);
  // A hash change alone keeps the screen (and its draft) alive: reload for a fresh start.
  await page.reload();
  await page.locator(`[data-testid="${screen}-screen"]:not([data-state="loading"])`).waitFor({ timeout: 60_000 });
}

/** A Mantine Select or Autocomplete: open, type, pick the option. */
const field = (label: string) => page.locator(`input[aria-label="${label}"], textarea[aria-label="${label}"]`).first();

async function pick(label: string, option: string) {
  const input = field(label);
  await input.click();
  if ((await input.getAttribute('readonly')) === null) await input.fill(option);
  await page.getByRole('option', { name: option, exact: true }).first().click();
}

async function addStep(name: string) {
  await pick('Add action', name);
}

async function fill(label: string, value: string) {
  await field(label).fill(value);
}

async function intents(...names: string[]) {
  const input = field('Intents');
  for (const name of names) {
    await input.fill(name);
    await input.press('Enter');
  }
  await input.press('Escape');
}

async function newReaction(
  name: string,
  options: { intents: string[]; priority: number; scope?: string; condition?: string },
) {
  await page.getByRole('button', { name: 'Add reaction' }).click();
  await page.getByTestId('reaction-panel').waitFor();
  await fill('Reaction name', name);
  await intents(...options.intents);
  await fill('Priority', String(options.priority));
  if (options.scope) await pick('Scope', options.scope);
  if (options.condition) await fill('Condition', options.condition);
}

describe('flow editor (issue 5 acceptance)', () => {
  beforeAll(async () => {
    await fs.mkdir(artifactsDir, { recursive: true });
    server = await startServer();
    browser = await openBrowser();
    page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
    await loginAsAdmin(page, server.url, 'Flow-editor e2e: amber herons wade 61');
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('builds a two-scope dialogue with the editor, refuses an invalid condition, saves and walks through it', async () => {
    await page.goto(`${server.url}/?project_id=${PROJECT}#/app/grapheditor`);
    await page
      .getByTestId('grapheditor-loading')
      .waitFor({ timeout: 30_000 })
      .catch(() => {});
    await open('grapheditor');
    await page.getByTestId('reaction-node-order').waitFor();
    await shot('flow-editor-demo');

    // Search highlights and focuses.
    await page.getByLabel('Search reactions').fill('order');
    await page.getByLabel('Search reactions').press('Enter');
    await expect.poll(() => page.getByTestId('match-count').textContent()).toMatch(/\d+ match/);
    await page.getByTestId('reaction-panel').waitFor();
    await shot('flow-editor-search');
    await page.getByLabel('Search reactions').fill('');

    // Two scopes, saved at once.
    for (const scope of ['e2e_menu', 'e2e_checkout']) {
      await page.getByLabel('New scope name').fill(scope);
      await page.getByRole('button', { name: 'Add scope' }).click();
      await page.getByTestId(`scope-group-${scope}`).waitFor();
    }

    await newReaction('e2e_welcome', { intents: ['@start'], priority: 100 });
    await fill('text of step 1', 'Welcome to the e2e pizzeria! What would you like?');
    await addStep('change_scope');
    await pick('scope of step 2', 'e2e_menu');

    await newReaction('e2e_order', { intents: ['order'], priority: 100, scope: 'e2e_menu' });
    await fill('text of step 1', 'Which day should we deliver?');
    await addStep('date_picker');
    await fill('variable of step 2', 'e2e_day');
    await fill('min of step 2', 'today');
    await addStep('change_scope');
    await pick('scope of step 3', 'e2e_checkout');

    // An invalid condition: the form says so as it is typed, and Save refuses naming the reaction.
    await newReaction('e2e_date', {
      intents: ['@input'],
      priority: 100,
      scope: 'e2e_checkout',
      condition: 'variables.e2e_day ==',
    });
    await page.getByText(/The condition does not parse/).waitFor();
    await fill('text of step 1', 'Delivery on {{e2e_day}}. Shall I confirm?');
    await addStep('buttons');
    await page.getByRole('button', { name: 'Add item' }).click();
    await fill('Title of item 1 of step 2', 'Yes');
    await fill('Payload of item 1 of step 2', 'yes');
    await page.getByRole('button', { name: 'Add item' }).click();
    await fill('Title of item 2 of step 2', 'No');
    await fill('Payload of item 2 of step 2', 'no');

    await newReaction('e2e_confirmed', { intents: ['confirm'], priority: 100, scope: 'e2e_checkout' });
    await fill('text of step 1', 'Your order is confirmed for {{e2e_day}}. Goodbye!');
    await addStep('call_end');
    await shot('flow-editor-form');

    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Fit the whole flow' }).click();
    await page.keyboard.press('Control+s');
    const problems = page.getByTestId('save-problems');
    await problems.waitFor();
    expect(await problems.textContent()).toContain('Reaction e2e_date: the condition does not parse');
    await shot('flow-editor-invalid-condition');
    const before = await api<Reaction[]>('GET', `/v1/reactions?project_id=${PROJECT}`);
    expect(before.map((r) => r.name)).not.toContain('e2e_date');

    // The server refuses it too, naming the reaction.
    const refused = await page.evaluate(async (project) => {
      const atime = (
        await fetch(`/v1/reactions?project_id=${project}`, { headers: { 'x-requested-with': 'console' } })
      ).headers.get('x-atime');
      const res = await fetch(`/v1/reaction/-1?project_id=${project}&atime=${atime}`, {
        method: 'PUT',
        headers: { 'x-requested-with': 'console', 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'e2e_bad', condition: 'variables.x ==', intents: [], actions: [] }),
      });
      return { status: res.status, body: await res.json() };
    }, PROJECT);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/Reaction e2e_bad: the condition does not parse/);
    // Our own PUT moved nothing (400 writes nothing), so the editor's atime is still good.

    // Fix it from the problem list and save.
    await problems.getByRole('button', { name: 'Show' }).first().click();
    await page.getByTestId('reaction-panel').getByRole('button', { name: 'Edit' }).click();
    await fill('Condition', 'variables.e2e_day');
    await expect.poll(() => page.getByText(/The condition does not parse/).count()).toBe(0);
    await page.keyboard.press('Control+s');
    await toast('Reactions saved');
    await page.getByTestId('reaction-node-e2e_confirmed').waitFor();
    await page.getByRole('button', { name: 'Fit the whole flow' }).click();
    await shot('flow-editor-saved');

    // Saved as authored.
    const saved = await api<Reaction[]>('GET', `/v1/reactions?project_id=${PROJECT}`);
    const scopes = await api<{ id: number; name: string }[]>('GET', `/v1/reaction-scopes?project_id=${PROJECT}`);
    const scopeId = (name: string) => scopes.find((s) => s.name === name)?.id;
    const byName = new Map(saved.map((r) => [r.name, r]));
    expect(byName.get('e2e_welcome')).toMatchObject({ intents: ['@start'], priority: 100, reactions_scopes_id: null });
    expect(byName.get('e2e_welcome')?.actions.map((a) => a.name)).toEqual(['utter', 'change_scope']);
    expect(byName.get('e2e_order')).toMatchObject({ intents: ['order'], reactions_scopes_id: scopeId('e2e_menu') });
    expect(byName.get('e2e_order')?.actions[1]).toMatchObject({
      name: 'date_picker',
      args: { variable: 'e2e_day', min: 'today' },
    });
    expect(byName.get('e2e_date')).toMatchObject({
      condition: 'variables.e2e_day',
      reactions_scopes_id: scopeId('e2e_checkout'),
    });
    expect(byName.get('e2e_date')?.actions[1]?.args.buttons).toEqual([
      { title: 'Yes', payload: 'yes' },
      { title: 'No', payload: 'no' },
    ]);
    expect(byName.get('e2e_confirmed')?.actions.map((a) => a.name)).toEqual(['utter', 'call_end']);

    // Walk through it: the chat window is not built yet, so the page's session talks to the chat API.
    const init = await api<{
      conversation_id: number;
      conversation_token: string;
      tracker: { type: string; value: string | null; args: Record<string, unknown> }[];
    }>('POST', `/v1/chat/init?project_id=${PROJECT}`, { get_meta: true });
    expect(init.tracker.map((e) => e.value)).toContain('Welcome to the e2e pizzeria! What would you like?');
    const say = (msg: string) =>
      api<{ tracker: { type: string; value: string | null; args: Record<string, unknown> }[]; ended: boolean }>(
        'POST',
        `/v1/chat?project_id=${PROJECT}&id=${init.conversation_id}&conversation_token=${init.conversation_token}`,
        { msg, last_ts: 0, get_meta: true },
      );
    const order = await say('I want to order a pizza');
    expect(order.tracker.filter((e) => e.type === 'reaction').map((e) => e.value)).toContain('e2e_order');
    expect(order.tracker.find((e) => e.type === 'action' && e.value === 'date_picker')?.args).toMatchObject({
      variable: 'e2e_day',
    });
    const date = await say('2031-05-17');
    expect(date.tracker.map((e) => e.value)).toContain('Delivery on 2031-05-17. Shall I confirm?');
    const confirm = await say('yes');
    expect(confirm.tracker.filter((e) => e.type === 'reaction').map((e) => e.value)).toContain('e2e_confirmed');
    expect(confirm.tracker.some((e) => e.type === 'action' && e.value === 'call_end')).toBe(true);
    expect(confirm.ended).toBe(true);
  });

  it('undo and redo draft edits; delete asks first', async () => {
    await open('grapheditor');
    await page.getByRole('button', { name: 'Reaction thanks' }).click();
    await page.getByTestId('reaction-panel').getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete reaction thanks?' }).waitFor();
    await shot('flow-editor-confirm-delete');
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => page.getByTestId('reaction-node-thanks').count()).toBe(0);
    await page.getByTestId('flow-canvas').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Control+z');
    await page.getByTestId('reaction-node-thanks').waitFor();
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(() => page.getByTestId('reaction-node-thanks').count()).toBe(0);
    await page.getByRole('button', { name: 'Undo' }).click();
    await page.getByTestId('reaction-node-thanks').waitFor();
    expect(await page.getByTestId('grapheditor-screen').getAttribute('data-dirty')).toBe('false');
  });

  it('shows the action catalogue and creates, tests and deletes a webhook action', async () => {
    await open('actions');
    await page.getByTestId('builtin-catalogue').getByText('date_picker', { exact: true }).click();
    await page.getByText('Variable that receives the date.').waitFor();
    await shot('actions-catalogue');
    await page.getByRole('button', { name: 'New webhook action' }).click();
    await fill('Action name', 'order_status');
    await fill('URL', 'http://127.0.0.1:9/hook');
    await page.getByRole('button', { name: 'Test call' }).click();
    await page.getByTestId('test-result').waitFor();
    expect(await page.getByTestId('test-result').textContent()).toMatch(/loopback/);
    await shot('actions-test-call');
    await fill('URL', 'https://example.com/order-status');
    await page.getByRole('button', { name: 'Save action' }).click();
    await toast('Action saved');
    await page.getByTestId('actions-table').getByText('order_status').waitFor();
    await shot('actions-list');
    await page.getByRole('button', { name: 'Delete order_status' }).click();
    await page
      .getByRole('dialog', { name: 'Delete action order_status?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await toast('Action deleted');
    await page.getByTestId('actions-empty').waitFor();
  });
});
