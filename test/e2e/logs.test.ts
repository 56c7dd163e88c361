// Issue 7 item 6 in Chromium against the real server and the seeded demo: a conversation had in the chat test
// window is found in the conversation logs by its text, opened (transcript as text), given a note and a label,
// and exported as CSV. Needs the console built first (`npx vite build`; DIST_DIR may point at another build).
import fs from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, screenshot, type TestBrowser } from './helpers/browser.ts';
import { loginAsAdmin } from './helpers/login.ts';
import { pageApi, pageApiWithAtime } from './helpers/page-api.ts';
import { type RunningServer, startServer } from './helpers/server.ts';

let server: RunningServer;
let browser: TestBrowser;
let page: Page;

const api = <T>(method: string, url: string, body?: unknown): Promise<T> => pageApi<T>(page, method, url, body);

const writeWithAtime = <T>(readUrl: string, method: string, url: string, body?: unknown): Promise<T> =>
  pageApiWithAtime<T>(page, readUrl, method, url, body);

/** Rows open only once the filtered page is shown (not while typing is debounced or a page loads). */
const listSettled = () => page.locator('table[aria-label="Conversations"][aria-busy="false"]').waitFor();
const chat = () => page.getByRole('dialog', { name: 'Chat test window' });
const drawer = () => page.getByRole('dialog', { name: /^Conversation \d+$/ });
/** A phrase nobody else types: the text filter must find exactly this conversation. */
const PHRASE = 'Do you deliver to Amber Lantern street 7?';
const LABEL = 'follow-up';
const NOTE = 'Customer asked about delivery to a new street.';

describe('conversation logs (e2e)', () => {
  beforeAll(async () => {
    server = await startServer();
    browser = await openBrowser();
    page = await browser.newPage({ viewport: { width: 1440, height: 960 }, acceptDownloads: true });
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
    await loginAsAdmin(page, server.url, 'Logs-e2e: seven amber lanterns glow 9');
    await writeWithAtime('/v1/labels?project_id=1', 'PUT', '/v1/labels/-1?project_id=1', {
      name: LABEL,
      color: 'orange',
    });
    await page.goto(`${server.url}/?project_id=1#/app/dashboard`);
    // The console loaded the project's labels at login, before this one existed; a hash-only goto keeps them.
    await page.reload();
    await page.getByRole('button', { name: 'Run Chat' }).waitFor();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('finds a chat by its text, shows the transcript, keeps a note and a label, and exports CSV', async () => {
    // A conversation through the chat test window.
    await page.keyboard.press('Control+Shift+X');
    await chat().getByText('Welcome to the Demo pizzeria! How can I help you?').waitFor({ timeout: 15_000 });
    await chat().getByRole('textbox', { name: 'Message' }).fill(PHRASE);
    await chat().getByRole('button', { name: 'Send' }).click();
    await chat().getByTestId('chat-bot-message').nth(1).waitFor();
    await chat().getByRole('button', { name: 'Close chat' }).click();

    // The logs: the text filter finds it.
    await page.goto(`${server.url}/?project_id=1#/app/logs`);
    await page.getByRole('table', { name: 'Conversations' }).waitFor();
    await page.getByRole('textbox', { name: 'Text' }).fill('amber lantern');
    const row = page.locator('[data-testid^="conversation-"]').filter({ hasText: PHRASE });
    try {
      await row.waitFor({ timeout: 15_000 });
      // The seeded demo history fills the first page until the debounced filter is applied.
      await expect.poll(() => page.locator('tbody tr').count(), { timeout: 15_000 }).toBe(1);
    } catch (error) {
      await screenshot(page, 'logs-failed-filter');
      throw error;
    }
    const id = Number((await row.getAttribute('data-testid'))?.replace('conversation-', ''));
    expect(id).toBeGreaterThan(0);
    await expect(row.textContent()).resolves.toContain('Draft');
    await page.getByRole('textbox', { name: 'Text' }).fill('');
    await listSettled();
    await screenshot(page, 'logs-list');
    await page.getByRole('textbox', { name: 'Text' }).fill('amber lantern');
    await row.waitFor();
    await listSettled();

    // Open it: the transcript with the user's turn (intent and confidence) and the bot's answer, as text.
    await page.getByRole('button', { name: `Open conversation ${id}` }).click();
    const transcript = drawer().getByTestId('conversation-transcript');
    try {
      await transcript.getByText(PHRASE).waitFor({ timeout: 15_000 });
    } catch (error) {
      await screenshot(page, 'logs-failed-open');
      throw error;
    }
    await expect(transcript.getByText('Welcome to the Demo pizzeria! How can I help you?').count()).resolves.toBe(1);
    await expect(transcript.getByTestId('chat-confidence').count()).resolves.toBeGreaterThan(0);
    expect(page.url()).toContain(`conversation_id=${id}`);

    // A note.
    await drawer().getByRole('textbox', { name: 'New note' }).fill(NOTE);
    await drawer().getByRole('button', { name: 'Add note' }).click();
    await drawer().locator('[data-testid^="note-"]').filter({ hasText: NOTE }).waitFor();
    await expect(drawer().getByRole('textbox', { name: 'New note' }).inputValue()).resolves.toBe('');

    // A label from the project's labels.
    await drawer().getByRole('combobox', { name: 'Labels', exact: true }).click();
    await page.getByRole('option', { name: LABEL }).click();
    await page.getByText('Labels saved').first().waitFor();
    await page.keyboard.press('Escape');
    await screenshot(page, 'logs-conversation');

    // The stored conversation says the same.
    const stored = await api<{ labels: string[]; notes: { text: string }[] }>(
      'GET',
      `/v1/conversations/${id}?project_id=1`,
    );
    expect(stored.labels).toEqual([LABEL]);
    expect(stored.notes.map((n) => n.text)).toEqual([NOTE]);

    // Closing drops conversation_id; the row shows the label; ?conversation_id opens it again.
    await drawer().getByRole('button', { name: 'Close conversation' }).click();
    await expect(drawer().count()).resolves.toBe(0);
    expect(page.url()).not.toContain('conversation_id');
    await row.getByText(LABEL).waitFor();
    await page.goto(`${server.url}/?project_id=1&conversation_id=${id}#/app/logs`);
    await page.reload();
    await drawer().getByTestId('conversation-transcript').getByText(PHRASE).waitFor({ timeout: 15_000 });
    await drawer().getByRole('button', { name: 'Close conversation' }).click();

    // The CSV of the current filter (the label) holds the conversation.
    await page.getByRole('combobox', { name: 'Label', exact: true }).click();
    await page.getByRole('option', { name: LABEL }).click();
    await row.waitFor();
    await listSettled();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const csv = await fs.readFile(await download.path(), 'utf8');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]).toContain('ID');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(String(id));
    expect(lines[1]).toContain(PHRASE);
    expect(lines[1]).toContain(LABEL);
  }, 150_000);
});
