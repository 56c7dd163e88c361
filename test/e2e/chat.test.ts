// Issue 7 acceptance in Chromium against the real server and the seeded demo: the chat test window answers
// with intent and confidence, shows buttons and a date picker, runs a timeout reaction, ends and restarts.
// Needs the console built first (`npx vite build`).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAsAdmin } from './helpers/login.ts';
import { openBrowser, screenshot, type TestBrowser } from './helpers/browser.ts';
import { type RunningServer, startServer } from './helpers/server.ts';

let server: RunningServer;
let browser: TestBrowser;
let page: Page;

const chat = () => page.getByRole('dialog', { name: 'Chat test window' });

describe('chat test window (e2e)', () => {
  beforeAll(async () => {
    server = await startServer();
    browser = await openBrowser();
    page = await browser.newPage({ viewport: { width: 1440, height: 960 } });
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
    await page.clock.install();
    await loginAsAdmin(page, server.url, 'Chat-e2e: quiet amber lanterns drift 7');
    await page.goto(`${server.url}/?project_id=1#/app/dashboard`);
    await page.getByRole('button', { name: 'Run Chat' }).waitFor();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('talks, shows intent and confidence, a button and a date picker, times out, ends and restarts', async () => {
    await page.keyboard.press('Control+Shift+X');
    try {
      await chat().getByText('Welcome to the Demo pizzeria! How can I help you?').waitFor({ timeout: 15_000 });
    } catch (error) {
      await screenshot(page, 'chat-failed-open');
      throw error;
    }
    await expect(chat().getByRole('button', { name: 'Order a pizza' }).isVisible()).resolves.toBe(true);

    // A typed message: the user's bubble carries the intent and the confidence.
    await chat().getByRole('textbox', { name: 'Message' }).fill('I want to order a pizza');
    await chat().getByRole('button', { name: 'Send' }).click();
    await chat().getByText('Great! When should we deliver it?').waitFor();
    await expect(chat().getByTestId('chat-intent').first().textContent()).resolves.toBe('order');
    const confidence = Number(await chat().getByTestId('chat-confidence').first().textContent());
    expect(confidence).toBeGreaterThan(0);
    await chat().getByRole('button', { name: 'Choose delivery_date' }).waitFor();
    await screenshot(page, 'chat-answer-date-picker');

    // The order's 60-second timeout: the browser clock runs forward and the reminder reaction answers.
    await page.clock.fastForward(61_000);
    await chat().getByText('Are you still there? Pick a delivery date to continue your order.').waitFor();

    // Maximise with Ctrl+M, then back.
    await chat().getByRole('textbox', { name: 'Message' }).focus();
    await page.keyboard.press('Control+M');
    await expect(chat().getAttribute('data-maximised')).resolves.toBe('true');
    await screenshot(page, 'chat-maximised');
    await page.keyboard.press('Control+M');

    // The date picker answers the order; confirming it ends the call (call_end); Restart starts anew.
    await chat().getByRole('button', { name: 'Choose delivery_date' }).last().click();
    await page.locator('.mantine-DatePickerInput-day:not([data-disabled]):not([data-outside])').last().click();
    await chat()
      .getByText(/^Delivery on \d{4}-\d{2}-\d{2}\. Shall I confirm the order\?$/)
      .waitFor();
    await chat().getByRole('button', { name: 'Yes' }).click();
    await chat()
      .getByText(/Your order is confirmed for/)
      .waitFor();
    await chat().getByText('Conversation ended').waitFor();
    await screenshot(page, 'chat-ended');
    await chat().getByRole('button', { name: 'Restart' }).click();
    await chat().getByText('Welcome to the Demo pizzeria! How can I help you?').waitFor();
    await expect(chat().getByText('Conversation ended').count()).resolves.toBe(0);

    // Closing clears the conversation.
    await chat().getByRole('button', { name: 'Close chat' }).click();
    await expect(chat().count()).resolves.toBe(0);
  }, 120_000);
});
