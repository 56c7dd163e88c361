// Scale benchmark of the deploy dialog's diff (issue 19): the 40,000-template project of the intents benchmark,
// seeded through the real server; in Chromium, the time from choosing Deploy → Testing to the dialog showing
// what goes live, (a) before any deployment (every intent added: the largest diff) and (b) after a deployment
// with one intent changed (every item compared, one sent). Also the server's own answer time for the diff call.
// Budget: 1 s to open. Writes bench/results/deploy-diff-scale.json. Needs the console built (`npm run build`).
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../test/e2e/helpers/browser.ts';
import { pageApi, pageApiWithAtime } from '../test/e2e/helpers/page-api.ts';
import { startServer } from '../test/e2e/helpers/server.ts';
import { latencyStats, loginAsAdmin } from './browser-bench.ts';
import { generateCsv, INTENTS, TEMPLATES_PER_INTENT } from './scale-project.ts';

const BUDGET_MS = 1000;
const RUNS = 3;
/** Training 40,000 templates may take a while on a busy machine; (b) is skipped beyond this. */
const TRAIN_LIMIT_MS = Number(process.env.BENCH_TRAIN_LIMIT_MS ?? 600_000);

const here = dirname(fileURLToPath(import.meta.url));

/**
 * Milliseconds from choosing Deploy → Testing to the dialog showing the resource row named `row`, measured in the
 * page (the menu item's click event to the first frame that has the row), so Playwright's polling is not counted.
 */
async function openDialog(page: Page, row: string): Promise<number> {
  await page.getByRole('button', { name: 'Deploy', exact: true }).first().click();
  const item = page.getByRole('menuitem', { name: 'Testing' });
  await item.waitFor();
  const shown = page.evaluate(
    (label) =>
      new Promise<number>((resolve) => {
        let started = 0;
        document.addEventListener('click', () => (started ||= performance.now()), { capture: true, once: true });
        const check = () => {
          if (started && document.querySelector(`[aria-label="${label}"]`)) resolve(performance.now() - started);
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
    row,
  );
  await item.click();
  const ms = await shown;
  const dialog = page.getByRole('dialog', { name: 'Deploy to testing' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'detached' });
  return ms;
}

/** The diff call alone, from the page (server time plus transfer and JSON parsing). */
async function apiTimes(page: Page, projectId: number): Promise<{ ms: number[]; bytes: number }> {
  const ms: number[] = [];
  let bytes = 0;
  for (let i = 0; i < RUNS; i++) {
    const run = await page.evaluate(async (p) => {
      const t0 = performance.now();
      const res = await fetch(`/v1/run/deploy/diff?project_id=${p}&project_env=dev`, {
        credentials: 'include',
        headers: { 'x-requested-with': 'console' },
      });
      const text = await res.text();
      JSON.parse(text);
      return { ms: performance.now() - t0, bytes: text.length };
    }, projectId);
    ms.push(run.ms);
    bytes = run.bytes;
  }
  return { ms, bytes };
}

async function scenario(page: Page, projectId: number, row: string) {
  const open: number[] = [];
  for (let i = 0; i < RUNS; i++) open.push(await openDialog(page, row));
  const api = await apiTimes(page, projectId);
  return { open_dialog_ms: latencyStats(open), diff_call_ms: latencyStats(api.ms), response_bytes: api.bytes };
}

const server = await startServer();
const browser = await launchBrowser();
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 960 } });
  await loginAsAdmin(page, server.url, 'Diff-scale-bench: eleven calm copper kites');
  const { project_id: projectId } = await pageApi<{ project_id: number }>(page, 'POST', '/v1/projects', {
    name: 'Deploy diff at scale',
  });
  const csv = generateCsv();
  await page.evaluate(
    async ({ csv, projectId }) => {
      const form = new FormData();
      form.append('file', new Blob([csv], { type: 'text/csv' }), 'scale.csv');
      const response = await fetch(`/v1/intents/import?project_id=${projectId}&mode=replace`, {
        method: 'PUT',
        credentials: 'include',
        headers: { 'x-requested-with': 'console' },
        body: form,
      });
      if (!response.ok) throw new Error(`import: ${response.status} ${await response.text()}`);
    },
    { csv, projectId },
  );
  await page.goto(`${server.url}/?project_id=${projectId}#/app/deployments`);
  await page.reload();
  await page.getByTestId('deployments-screen').waitFor({ timeout: 60_000 });

  const firstDeploy = await scenario(page, projectId, `Intents: ${INTENTS} added`);

  // (b) needs a deployment, and deploying needs the model trained on these intents.
  let afterDeploy: Awaited<ReturnType<typeof scenario>> | { skipped: string } = { skipped: 'training too slow' };
  const trainStarted = performance.now();
  const { job_id } =
    TRAIN_LIMIT_MS > 0
      ? await pageApi<{ job_id: number }>(page, 'GET', `/v1/run/train?project_id=${projectId}`)
      : { job_id: 0 };
  let trained = false;
  while (performance.now() - trainStarted < TRAIN_LIMIT_MS) {
    await new Promise((r) => setTimeout(r, 2000));
    const { status } = await pageApi<{ status: { job_id: number | null; state: string; error: string | null } }>(
      page,
      'GET',
      `/v1/intents/evaluation?project_id=${projectId}`,
    );
    if ((status.job_id ?? 0) < job_id) continue;
    if (status.state === 'failed') {
      afterDeploy = { skipped: `training failed: ${status.error}` };
      break;
    }
    if (status.state === 'done') {
      trained = true;
      break;
    }
  }
  const trainMs = performance.now() - trainStarted;
  if (trained) {
    await pageApi(page, 'GET', `/v1/run/deploy?project_id=${projectId}&project_env=dev&message=scale`);
    const intents = await pageApi<{ id: number; name: string }[]>(page, 'GET', `/v1/intents?project_id=${projectId}`);
    await pageApiWithAtime(
      page,
      `/v1/intents?project_id=${projectId}`,
      'PUT',
      `/v1/intent/${intents[1000]!.id}/template?project_id=${projectId}`,
      { template: 'one more way to say it' },
    );
    afterDeploy = await scenario(page, projectId, 'Intents: 1 changed');
  }

  const worst = Math.max(
    firstDeploy.open_dialog_ms.max,
    'open_dialog_ms' in afterDeploy ? afterDeploy.open_dialog_ms.max : 0,
  );
  const result = {
    date: new Date().toISOString(),
    // Other work on the machine inflates the figures; the load average says how much.
    machine: { cpus: cpus().length, model: cpus()[0]?.model, loadavg_1m: +(loadavg()[0] ?? 0).toFixed(2) },
    project: { intents: INTENTS, templates: INTENTS * TEMPLATES_PER_INTENT },
    runs: RUNS,
    first_deploy_every_intent_added: firstDeploy,
    training_ms: Math.round(trainMs),
    after_deploy_one_intent_changed: afterDeploy,
    budget_ms: BUDGET_MS,
    within_budget: worst <= BUDGET_MS,
  };
  writeFileSync(join(here, 'results', 'deploy-diff-scale.json'), `${JSON.stringify(result, null, 2)}\n`);
  console.log(JSON.stringify(result, null, 2));
  if (!result.within_budget) process.exitCode = 1;
} finally {
  await browser.close();
  await server.stop();
}
