// Issue 37 §2 in Chromium against the real server: a report is added on the Email reports screen, "Send now" mails it
// through a real SMTP server on loopback (smtp-server in this process) and the row shows the mailing; a recipient the
// SMTP server refuses shows as the row's error, in the server's words. Needs the console built first.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpInbox, startSmtpInbox } from '../server/helpers/smtp-inbox.ts';
import { openBrowser, type TestBrowser } from './helpers/browser.ts';
import { loginAsAdmin } from './helpers/login.ts';
import { type RunningServer, startServer } from './helpers/server.ts';

let inbox: SmtpInbox;
let server: RunningServer;
let browser: TestBrowser;
let page: Page;

const row = (name: string) => page.getByRole('row', { name });

beforeAll(async () => {
  inbox = await startSmtpInbox({
    recipient: (a) => (a.startsWith('nobody@') ? { code: 550, message: '5.1.1 No such user here' } : null),
  });
  server = await startServer({ SMTP_URL: inbox.url, SMTP_FROM: 'console@example.com' });
  browser = await openBrowser();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await loginAsAdmin(page, server.url, 'Email-e2e: nine paper lanterns drift 7');
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await inbox?.close();
});

describe('email reports in Chromium', () => {
  it('adds a report, sends it now, and shows the mailing and a refused recipient on the screen', async () => {
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Email reports' }).click();
    await page.getByText('No email reports yet').waitFor();
    await page.getByRole('button', { name: 'Add report' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Add at least one recipient.').waitFor();
    await page.getByLabel(/^Name/).fill('Weekly figures');
    await page.getByLabel(/^Recipients/).fill('ops@example.com\nboss@example.com');
    await page.getByRole('button', { name: 'Save' }).click();
    await row('Weekly figures').getByText('Never sent').waitFor();

    await row('Weekly figures').getByRole('button', { name: 'Send now' }).click();
    await page.getByText('Email report sent').waitFor();
    await row('Weekly figures').getByText('sent', { exact: true }).waitFor();
    await inbox.waitFor(1);
    expect(inbox.messages[0]!.to.sort()).toEqual(['boss@example.com', 'ops@example.com']);
    expect(inbox.messages[0]!.mail.subject).toMatch(/^Weekly figures: Demo bot \(production\)/);

    await page.getByRole('button', { name: 'Edit Weekly figures' }).click();
    await page.getByLabel(/^Recipients/).fill('ops@example.com\nnobody@example.com');
    await page.getByRole('button', { name: 'Save' }).click();
    await row('Weekly figures').getByRole('button', { name: 'Send now' }).click();
    await page.getByText('Email report not sent').waitFor();
    await row('Weekly figures')
      .getByText(/refused some recipients: nobody@example\.com: 550 5\.1\.1 No such user here/)
      .waitFor();
    expect(await row('Weekly figures').getByText('failed', { exact: true }).count()).toBe(1);
  }, 120_000);
});
