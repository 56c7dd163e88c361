// Scale benchmark of the intents screen (issue 6): 2,000 intents and 40,000 templates seeded through the real
// server, the screen opened in Chromium, a search typed key by key. Per keystroke it records the time from
// keydown to the rendered, laid-out list (React renders input events synchronously, so forcing layout in an
// input listener behind React's measures the whole update) and to the next animation frame. Budget: 50 ms per
// keystroke. Writes bench/results/intents-scale.json. Needs the console built (`npx vite build`).
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchBrowser } from '../test/e2e/helpers/browser.ts';
import { startServer } from '../test/e2e/helpers/server.ts';
import { latencyStats, loginAsAdmin, timeKeystrokes } from './browser-bench.ts';
import { generateCsv, INTENTS, TEMPLATES_PER_INTENT } from './scale-project.ts';

const QUERY = 'cerveny autobus';
const BUDGET_MS = 50;

const here = dirname(fileURLToPath(import.meta.url));

const server = await startServer();
const browser = await launchBrowser();
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 960 } });
  const api = (method: string, url: string, body?: unknown) =>
    page.evaluate(
      async ({ method, url, body }) => {
        const response = await fetch(url, {
          method,
          credentials: 'include',
          headers: {
            'x-requested-with': 'console',
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
        const text = await response.text();
        return text ? JSON.parse(text) : null;
      },
      { method, url, body },
    );

  await loginAsAdmin(page, server.url, 'Scale-bench: quiet orange lanterns drift 77');
  const projectId = (await api('POST', '/v1/projects', { name: 'Intents at scale' })).project_id as number;

  const csv = generateCsv();
  const seedStarted = performance.now();
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
  const seedMs = performance.now() - seedStarted;

  const openStarted = performance.now();
  await page.goto(`${server.url}/?project_id=${projectId}#/app/intents`);
  await page.getByTestId('intent-intent_0000').waitFor({ timeout: 120_000 });
  const openMs = performance.now() - openStarted;
  const summary = await page.getByTestId('intents-summary').textContent();

  const search = page.getByLabel('Search intents and templates');
  await search.focus();
  const keys = await timeKeystrokes(page, QUERY, 120);
  const visibleRows = await page.locator('[data-testid="intents-list"] [data-index]').count();
  const matchingSummary = (await page.getByTestId('intents-list').textContent()) ?? '';

  const render = latencyStats(keys.map((k) => k.render));
  const result = {
    date: new Date().toISOString(),
    // Other work on the machine inflates the figures; the load average says how much.
    machine: { cpus: cpus().length, model: cpus()[0]?.model, loadavg_1m: +(loadavg()[0] ?? 0).toFixed(2) },
    project: { intents: INTENTS, templates: INTENTS * TEMPLATES_PER_INTENT, summary },
    seed_import_ms: Math.round(seedMs),
    open_screen_ms: Math.round(openMs),
    query: QUERY,
    keystrokes: keys.length,
    keystroke_render_ms: render,
    keystroke_next_frame_ms: latencyStats(keys.map((k) => k.frame)),
    per_key_render_ms: keys.map((k) => +k.render.toFixed(2)),
    rows_in_dom_after_search: visibleRows,
    matches_shown: matchingSummary.length > 0,
    budget_ms: BUDGET_MS,
    within_budget: render.max <= BUDGET_MS,
  };
  writeFileSync(join(here, 'results', 'intents-scale.json'), `${JSON.stringify(result, null, 2)}\n`);
  console.log(JSON.stringify({ ...result, per_key_render_ms: undefined }, null, 2));
  await page.screenshot({ path: join(here, '..', 'test-artifacts', 'e2e', 'intents-scale.png') });
  if (!result.within_budget) process.exitCode = 1;
} finally {
  await browser.close();
  await server.stop();
}
