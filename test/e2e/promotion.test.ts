// Issue 34 acceptance in Chromium against the real server: deploy to Testing, edit the draft, then deploy to
// production "the build on Testing": production gets what QA tested, the edit made since is not live. The list shows
// each deploy at once whatever its filter (the top bar's too), marks what each environment serves and offers
// Rollback only on production rows that are not live. Needs `npm run build`.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DeployDiff, SOURCE_TESTING, testsOnBuild } from '../../src/api/contract/deploy-diff.ts';
import { type Deployment, LIVE_LABEL } from '../../src/api/contract/deployments.ts';
import { openBrowser, screenshot, type TestBrowser } from './helpers/browser.ts';
import { loginAsAdmin } from './helpers/login.ts';
import { pageApi, pageApiWithAtime } from './helpers/page-api.ts';
import { type RunningServer, startServer } from './helpers/server.ts';

let server: RunningServer;
let browser: TestBrowser;
let page: Page;
const TESTED = 'Open from noon to midnight (tested on Testing).';
const UNTESTED = 'Closed for good (an edit nobody tested).';

async function toast(text: string | RegExp) {
  await page.locator('.mantine-Notification-root').filter({ hasText: text }).first().waitFor({ timeout: 60_000 });
}

async function setOpeningHours(text: string) {
  const reactions = await pageApi<{ name: string; actions: unknown[] }[]>(page, 'GET', '/v1/reactions?project_id=1');
  const changed = reactions.map((r) =>
    r.name === 'opening_hours' ? { ...r, actions: [{ name: 'utter', args: { text } }] } : r,
  );
  await pageApiWithAtime(page, '/v1/reactions?project_id=1', 'PUT', '/v1/reactions?project_id=1', changed);
}

describe('promotion of the build on Testing (e2e)', () => {
  beforeAll(async () => {
    server = await startServer();
    browser = await openBrowser();
    page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
    await loginAsAdmin(page, server.url, 'Promotion: eleven quiet harbours 52');
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('testing deploy → edit → production deploy of the testing build: the edit is not live', async () => {
    const first = await pageApi<Deployment>(page, 'GET', '/v1/run/deploy?project_id=1&project_env=prod&message=First');
    await setOpeningHours(TESTED);

    // Testing deploy from the deployments screen, filtered on Production: the new row shows at once, live.
    // A fresh page: the deploy above went past the console's client (the startup answers predate it).
    await page.goto(`${server.url}/?project_id=1#/app/deployments`);
    await page.reload();
    await page.getByTestId('deployments-screen').waitFor();
    const table = page.getByRole('table', { name: 'Deployments' });
    await table.getByRole('row', { name: `Deployment ${first.id}` }).waitFor();
    await page.getByRole('button', { name: 'Deploy to testing' }).click();
    const testingDialog = page.getByRole('dialog', { name: 'Deploy to testing' });
    await testingDialog.getByRole('button', { name: 'Deploy', exact: true }).click({ timeout: 30_000 });
    await toast('Successfully deployed');
    const build = (await pageApi<{ items: Deployment[] }>(page, 'GET', '/v1/deployments?project_id=1&project_env=dev'))
      .items[0];
    const buildRow = table.getByRole('row', { name: `Deployment ${build.id}` });
    await buildRow.waitFor({ timeout: 15_000 });
    expect(await buildRow.textContent()).toContain(LIVE_LABEL);
    expect(await page.getByText('No match.').count()).toBe(0);
    // The version is a date and time, its unix seconds in the title.
    expect(await buildRow.locator(`td[title="${build.version}"]`).count()).toBe(1);

    // An edit after the testing deploy: it must not go live with the promotion.
    await setOpeningHours(UNTESTED);

    // Production from the top bar while the list is open: the build on Testing is offered first.
    await page.getByRole('button', { name: 'Deploy' }).first().click();
    await page.getByRole('menuitem', { name: 'Production' }).click();
    const modal = page.getByRole('dialog', { name: 'Deploy to production' });
    const buildChoice = modal.getByRole('radio', { name: SOURCE_TESTING });
    await buildChoice.waitFor({ timeout: 15_000 });
    expect(await buildChoice.isChecked()).toBe(true);
    await modal.getByText(new RegExp(`^Deployment ${build.id} · `)).waitFor();
    // What differs from production is the tested answer, not the edit; the tests ran on that build.
    await modal.getByText(testsOnBuild(build.id)).waitFor({ timeout: 60_000 });
    await page.waitForFunction(
      () => !document.body.textContent?.includes('There are still running tests! Please wait.'),
      undefined,
      { timeout: 120_000 },
    );
    await screenshot(page, 'promotion-1-dialog');
    const anyway = modal.getByRole('button', { name: 'Deploy anyway' });
    if (await anyway.isVisible()) await anyway.click();
    await modal.getByLabel('Commit message').fill('Release what QA tested');
    await modal.getByRole('button', { name: 'Deploy', exact: true }).click();
    await toast('Successfully deployed');

    // The top bar's deploy is on top of the open list at once, live; the filter followed it to Production.
    const promoted = (await pageApi<{ items: Deployment[] }>(page, 'GET', '/v1/deployments?project_id=1')).items[0];
    expect(promoted.rollback_of).toBe(build.id);
    const promotedRow = table.getByRole('row', { name: `Deployment ${promoted.id}` });
    await promotedRow.waitFor({ timeout: 15_000 });
    expect(await promotedRow.textContent()).toContain(LIVE_LABEL);
    expect(await promotedRow.getByRole('button', { name: 'Rollback' }).count()).toBe(0);
    const firstRow = table.getByRole('row', { name: `Deployment ${first.id}` });
    await firstRow.getByRole('button', { name: 'Rollback' }).waitFor();
    expect(await firstRow.textContent()).not.toContain(LIVE_LABEL);
    await screenshot(page, 'promotion-2-list');

    // Production serves the tested answer: the draft's edit is still what a production deploy of the draft would add.
    const rest = await pageApi<DeployDiff>(page, 'GET', '/v1/run/deploy/diff?project_id=1&project_env=prod');
    const reactions = rest.resources.find((r) => r.resource === 'reactions')!;
    expect(reactions.changed).toBe(1);
    expect(JSON.stringify(reactions.items[0].before)).toContain(TESTED);
    expect(JSON.stringify(reactions.items[0].after)).toContain(UNTESTED);
  }, 300_000);
});
