// Issue 19 acceptance in Chromium against the real server: change an intent and a reaction, open 'Deploy to
// production' and see exactly those two changes (expandable to the History screen's diff viewer), train the stale
// model from the dialog, deploy; open 'Rollback to version {id}' and see the reverse. Needs `npm run build`.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIFF_NOTHING, MODEL_STALE_NOTE } from '../../src/api/contract/deploy-diff.ts';
import { openBrowser, screenshot, type TestBrowser } from './helpers/browser.ts';
import { loginAsAdmin } from './helpers/login.ts';
import { pageApi, pageApiWithAtime } from './helpers/page-api.ts';
import { type RunningServer, startServer } from './helpers/server.ts';

let server: RunningServer;
let browser: TestBrowser;
let page: Page;
const NEW_TEMPLATE = 'what else can you help me with';
const NEW_ANSWER = 'Open from noon to midnight, every day.';

async function toast(text: string | RegExp) {
  await page.locator('.mantine-Notification-root').filter({ hasText: text }).first().waitFor({ timeout: 60_000 });
}

describe('deploy diff (e2e)', () => {
  beforeAll(async () => {
    server = await startServer();
    browser = await openBrowser();
    page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
    await loginAsAdmin(page, server.url, 'Deploy-diff: seven brisk lanterns 31');
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows exactly the two changes, trains first, deploys, and the rollback shows the reverse', async () => {
    const first = await pageApi<{ id: number }>(
      page,
      'GET',
      '/v1/run/deploy?project_id=1&project_env=prod&message=First%20release',
    );
    // One intent gains a template, one reaction says something else.
    const intents = await pageApi<{ id: number; name: string }[]>(page, 'GET', '/v1/intents?project_id=1');
    const help = intents.find((i) => i.name === 'help')!;
    await pageApiWithAtime(page, '/v1/intents?project_id=1', 'PUT', `/v1/intent/${help.id}/template?project_id=1`, {
      template: NEW_TEMPLATE,
    });
    const reactions = await pageApi<{ name: string; actions: unknown[] }[]>(page, 'GET', '/v1/reactions?project_id=1');
    const changed = reactions.map((r) =>
      r.name === 'opening_hours' ? { ...r, actions: [{ name: 'utter', args: { text: NEW_ANSWER } }] } : r,
    );
    await pageApiWithAtime(page, '/v1/reactions?project_id=1', 'PUT', '/v1/reactions?project_id=1', changed);

    await page.goto(`${server.url}/?project_id=1#/app/intents`);
    await page.getByRole('button', { name: 'Deploy' }).first().click();
    await page.getByRole('menuitem', { name: 'Production' }).click();
    const modal = page.getByRole('dialog', { name: 'Deploy to production' });
    const live = modal.getByRole('region', { name: 'What goes live' });
    await live.waitFor({ timeout: 15_000 });
    // Exactly the two changes: one resource row each, nothing else.
    await live.getByRole('button', { name: 'Reactions: 1 changed' }).waitFor();
    await live.getByRole('button', { name: 'Intents: 1 changed' }).waitFor();
    expect(await live.getByRole('button', { name: /: \d+ (added|changed|removed)/ }).count()).toBe(2);
    // The stale model says so; Deploy waits for 'Train first'.
    await modal.getByText(MODEL_STALE_NOTE).waitFor();
    expect(await modal.getByRole('button', { name: 'Deploy', exact: true }).isDisabled()).toBe(true);

    // Expand the intent: the History screen's diff viewer shows the new template on the new side only.
    await live.getByRole('button', { name: 'Intents: 1 changed' }).click();
    await live.getByRole('button', { name: '~ help (changed)' }).click();
    await live.getByText('After this deploy').waitFor();
    await live.locator('table').filter({ hasText: NEW_TEMPLATE }).first().waitFor();
    await screenshot(page, 'deploy-diff-1-production');

    await modal.getByRole('button', { name: 'Train first' }).click();
    const deploy = modal.getByRole('button', { name: 'Deploy', exact: true });
    const anyway = modal.getByRole('button', { name: 'Deploy anyway' });
    await deploy.or(anyway).first().waitFor({ timeout: 120_000 });
    await modal.getByText(MODEL_STALE_NOTE).waitFor({ state: 'detached', timeout: 120_000 });
    // The demo's tests run for production; the changed answer may fail one, which is what 'Deploy anyway' is for.
    await page.waitForFunction(
      () => !document.body.textContent?.includes('There are still running tests! Please wait.'),
      undefined,
      { timeout: 120_000 },
    );
    if (await anyway.isVisible()) await anyway.click();
    await modal.getByLabel('Commit message').fill('New opening hours, help template');
    await deploy.click();
    await toast('Successfully deployed');

    // Roll back to the first release: the same two items, the other way round.
    await page.goto(`${server.url}/?project_id=1#/app/deployments`);
    await page.getByTestId('deployments-screen').waitFor();
    await page
      .getByRole('row', { name: `Deployment ${first.id}` })
      .getByRole('button', { name: 'Rollback' })
      .click();
    const rollback = page.getByRole('dialog', { name: `Rollback to version ${first.id}` });
    const undo = rollback.getByRole('region', { name: 'What this rollback changes' });
    await undo.getByRole('button', { name: 'Reactions: 1 changed' }).waitFor({ timeout: 15_000 });
    await undo.getByRole('button', { name: 'Intents: 1 changed' }).waitFor();
    expect(await undo.getByRole('button', { name: /: \d+ (added|changed|removed)/ }).count()).toBe(2);
    await undo.getByRole('button', { name: 'Reactions: 1 changed' }).click();
    await undo.getByRole('button', { name: '~ opening_hours (changed)' }).click();
    // The answer deployed now is on the left ("Deployed now"): the rollback removes it.
    const viewer = undo.locator('table').filter({ hasText: NEW_ANSWER }).first();
    await viewer.waitFor();
    expect(await viewer.locator('td').filter({ hasText: NEW_ANSWER }).count()).toBeGreaterThan(0);
    await screenshot(page, 'deploy-diff-2-rollback');
    await rollback.getByRole('button', { name: 'Deploy', exact: true }).click();
    await toast('Successfully deployed');

    // After the rollback production serves the first release again: nothing to roll back to it any more.
    await page
      .getByRole('row', { name: `Deployment ${first.id}` })
      .getByRole('button', { name: 'Rollback' })
      .click();
    await page
      .getByRole('dialog', { name: `Rollback to version ${first.id}` })
      .getByText(DIFF_NOTHING)
      .waitFor({ timeout: 15_000 });
  }, 300_000);
});
