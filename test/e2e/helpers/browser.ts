import fs from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, type Page, chromium } from 'playwright-core';

export const artifactsDir = path.resolve(import.meta.dirname, '../../../test-artifacts/e2e');

/** Debian's Chromium, headless, with the flags this machine needs (no background networking). */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
    ],
  });
}

/** What a test file gets of the browser: its own pages and contexts, closed together when the file is done. */
export type TestBrowser = Pick<Browser, 'newPage' | 'newContext' | 'close'>;

let shared: Promise<Browser> | undefined;

/**
 * One Chromium per test worker (the e2e files run with `isolate: false`, so this module lives as long as the
 * worker), each file in contexts of its own: a launch costs seconds under load, a context milliseconds, and a
 * context shares no cookies, storage or cache with another. Relaunched if a file left it disconnected.
 * `close()` closes the file's contexts, not the browser; Playwright ends Chromium when the worker exits.
 */
export async function openBrowser(): Promise<TestBrowser> {
  let browser = await shared;
  if (!browser?.isConnected()) {
    shared = launchBrowser();
    browser = await shared;
  }
  const contexts: BrowserContext[] = [];
  const launched = browser;
  return {
    async newContext(options) {
      const context = await launched.newContext(options);
      contexts.push(context);
      return context;
    },
    async newPage(options) {
      const context = await launched.newContext(options);
      contexts.push(context);
      return context.newPage();
    },
    async close() {
      await Promise.all(contexts.splice(0).map((context) => context.close().catch(() => {})));
    },
  };
}

export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(artifactsDir, { recursive: true });
  const file = path.join(artifactsDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  return file;
}
