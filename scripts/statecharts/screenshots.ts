// `node scripts/statecharts/screenshots.ts [revision]`: the README's pictures of the statechart gallery, taken in headless
// Chromium from file://: the chat chart with a state's details, and a chart's changes since <revision> (default 8ac7a35, before the deploy modal grew its test gate).
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { launchBrowser } from '../../test/e2e/helpers/browser.ts';

const root = resolve(import.meta.dirname, '..', '..');
const since = process.argv[2] ?? '8ac7a35';
const out = join(root, 'docs', 'screenshots');
mkdirSync(out, { recursive: true });
// The comparison the diff picture shows (changes.json is not committed; this writes it).
execFileSync(process.execPath, ['scripts/statecharts.ts', '--check', '--since', since], {
  cwd: root,
  stdio: 'inherit',
});

const page = await (await launchBrowser()).newPage({ viewport: { width: 1440, height: 900 } });
const gallery = pathToFileURL(join(root, 'docs', 'statecharts', 'index.html')).href;

await page.goto(`${gallery}#chat/chat.open.sending`);
await page.locator('#details .state-name').waitFor();
await page.screenshot({ path: join(out, 'statechart-gallery.png') });

await page.goto(`${gallery}?since=${encodeURIComponent(since)}#deployModal`);
await page.locator('#details .changes').waitFor();
// Readable labels: zoom in around the added states (left half of the chart).
await page.mouse.move(470, 490);
for (let i = 0; i < 3; i++) await page.mouse.wheel(0, -120);
await page.screenshot({ path: join(out, 'statechart-diff.png') });
await page.context().browser()?.close();
console.log(`wrote docs/screenshots/statechart-gallery.png and statechart-diff.png (changes since ${since})`);
