// Scale benchmark of the reaction flow editor (issue 5): 500 reactions in 5 scopes seeded through the real server,
// the editor opened in Chromium, then a reaction's name edited key by key. Records the time from navigation to the
// first rendered reaction node (and to all groups laid out), and per keystroke the time from keydown to the
// rendered, laid-out update (forced layout in an input listener behind React's) and to the next animation frame.
// Budget: 50 ms per keystroke. Writes bench/results/flow-editor-scale.json. Needs the console built (`npx vite build`).
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchBrowser } from '../test/e2e/helpers/browser.ts';
import { startServer } from '../test/e2e/helpers/server.ts';
import { latencyStats, loginAsAdmin, timeKeystrokes } from './browser-bench.ts';

const REACTIONS = 500;
const SCOPES = 5;
const TYPED = 'renamed reaction';
const BUDGET_MS = 50;
const here = dirname(fileURLToPath(import.meta.url));

const server = await startServer();
const browser = await launchBrowser();
try {
  const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
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
        return { data: JSON.parse((await response.text()) || 'null'), atime: response.headers.get('x-atime') };
      },
      { method, url, body },
    );

  await loginAsAdmin(page, server.url, 'Flow-bench: quiet copper finches sing 83');
  const projectId = (await api('POST', '/v1/projects', { name: 'Flow at scale' })).data.project_id as number;

  // Seed through the real API: scopes, then 500 reactions with utter/buttons/change_scope/timeout steps.
  const seedStarted = performance.now();
  const scopesAtime = (await api('GET', `/v1/reaction-scopes?project_id=${projectId}`)).atime;
  const scopes = (
    await api(
      'PUT',
      `/v1/reaction-scopes?project_id=${projectId}&atime=${scopesAtime}`,
      Array.from({ length: SCOPES }, (_, i) => ({ name: `scope_${i}` })),
    )
  ).data as { id: number; name: string }[];
  const reactionsAtime = (await api('GET', `/v1/reactions?project_id=${projectId}`)).atime;
  const reactions = Array.from({ length: REACTIONS }, (_, i) => {
    const scope = i % 3 === 0 ? null : (scopes[i % SCOPES] as { id: number });
    const actions: { name: string; args: Record<string, unknown> }[] = [
      { name: 'utter', args: { text: `Answer number ${i}: {{name}}, how can I help?` } },
    ];
    if (i % 4 === 0)
      actions.push({
        name: 'buttons',
        args: {
          buttons: [
            { title: 'Yes', payload: 'yes' },
            { title: 'No', payload: 'no' },
          ],
        },
      });
    if (i % 5 === 0) actions.push({ name: 'change_scope', args: { scope: scopes[(i + 1) % SCOPES]?.name } });
    if (i % 7 === 0 && i > 0)
      actions.push({ name: 'timeout', args: { seconds: 30, reaction: `reaction_${String(i - 1).padStart(3, '0')}` } });
    return {
      name: `reaction_${String(i).padStart(3, '0')}`,
      intents: [i % 10 === 0 ? '@fallback' : '@start'],
      condition: i % 6 === 0 ? `variables.step == ${i}` : '',
      priority: i % 20,
      reactions_scopes_id: scope?.id ?? null,
      actions,
    };
  });
  await api('PUT', `/v1/reactions?project_id=${projectId}&atime=${reactionsAtime}`, reactions);
  const seedMs = performance.now() - seedStarted;

  // Time to first render: navigation to the first reaction node, and to every group laid out.
  const openStarted = performance.now();
  await page.goto(`${server.url}/?project_id=${projectId}#/app/grapheditor`);
  await page.locator('[data-testid^="reaction-node-"]').first().waitFor({ timeout: 120_000 });
  const firstNodeMs = performance.now() - openStarted;
  await page.getByTestId(`scope-group-scope_${SCOPES - 1}`).waitFor({ timeout: 120_000 });
  const groupsMs = performance.now() - openStarted;
  const nodesInDom = await page.locator('.react-flow__node').count();

  // Open reaction_250 in the form and type a new name key by key.
  await page.getByLabel('Search reactions').fill('reaction_250');
  await page.getByLabel('Search reactions').press('Enter');
  await page.getByTestId('reaction-panel').getByRole('button', { name: 'Edit' }).click();
  const name = page.locator('input[aria-label="Reaction name"]');
  await name.fill('');
  await name.focus();
  const keys = await timeKeystrokes(page, TYPED, 100);
  const nodeShowsName = (await page.getByTestId(`reaction-node-${TYPED}`).count()) === 1;

  const render = latencyStats(keys.map((k) => k.render));
  const result = {
    date: new Date().toISOString(),
    machine: { cpus: cpus().length, model: cpus()[0]?.model },
    project: { reactions: REACTIONS, scopes: SCOPES },
    seed_ms: Math.round(seedMs),
    first_node_ms: Math.round(firstNodeMs),
    all_groups_ms: Math.round(groupsMs),
    nodes_in_dom: nodesInDom,
    typed: TYPED,
    keystrokes: keys.length,
    keystroke_render_ms: render,
    keystroke_next_frame_ms: latencyStats(keys.map((k) => k.frame)),
    per_key_render_ms: keys.map((k) => +k.render.toFixed(2)),
    node_shows_new_name: nodeShowsName,
    budget_ms: BUDGET_MS,
    within_budget: render.p95 <= BUDGET_MS,
  };
  writeFileSync(join(here, 'results', 'flow-editor-scale.json'), `${JSON.stringify(result, null, 2)}\n`);
  console.log(JSON.stringify({ ...result, per_key_render_ms: undefined }, null, 2));
  await page.getByRole('button', { name: 'Fit the whole flow' }).click();
  await page.waitForTimeout(600);
  await page.screenshot({ path: join(here, '..', 'test-artifacts', 'e2e', 'flow-editor-scale.png') });
  if (!result.within_budget) process.exitCode = 1;
} finally {
  await browser.close();
  await server.stop();
}
