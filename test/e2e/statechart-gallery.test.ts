// The statechart gallery from the file system (no server, no network): the chat chart drawn whole at 1440×900, no two
// labels overlapping, every state of its JSON present, a click showing the state's details.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StateDefinition, walkStates } from '../../scripts/statecharts/machine-definition.ts';
import { openBrowser, screenshot, type TestBrowser } from './helpers/browser.ts';

const docs = resolve(import.meta.dirname, '..', '..', 'docs', 'statecharts');
const chat = JSON.parse(readFileSync(resolve(docs, 'chat.json'), 'utf8'));

let browser: TestBrowser;
let page: Page;
const requests: string[] = [];

beforeAll(async () => {
  browser = await openBrowser();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  page.on('request', (request) => requests.push(request.url()));
  await page.goto(`${pathToFileURL(resolve(docs, 'index.html')).href}#chat`);
  await page.locator('#canvas svg[data-machine="chat"]').waitFor();
});
afterAll(() => browser?.close());

describe('statechart gallery (file://)', () => {
  it('loads only local files', () => {
    expect(requests.filter((url) => !url.startsWith('file://'))).toEqual([]);
  });

  it('draws the chat chart with no two labels overlapping', async () => {
    const boxes = await page.$$eval('#canvas .label-box, #canvas .state-title, #canvas .row', (nodes) =>
      nodes.map((node) => {
        const { x, y, width, height } = node.getBoundingClientRect();
        return { text: node.parentElement?.textContent?.trim().split('\n')[0] ?? '', x, y, width, height };
      }),
    );
    expect(boxes.length).toBeGreaterThan(60);
    const overlapping: string[] = [];
    boxes.forEach((a, i) => {
      for (const b of boxes.slice(i + 1)) {
        const overlap =
          a.x < b.x + b.width - 0.01 &&
          b.x < a.x + a.width - 0.01 &&
          a.y < b.y + b.height - 0.01 &&
          b.y < a.y + a.height - 0.01;
        if (overlap) overlapping.push(`${a.text} × ${b.text}`);
      }
    });
    expect(overlapping).toEqual([]);
    await screenshot(page, 'statechart-gallery-chat');
  });

  it('draws every state of the chart JSON, inside the window after Fit', async () => {
    const ids: string[] = [];
    walkStates(chat.root as StateDefinition, (s) => {
      ids.push(s.id);
    });
    const drawn = await page.$$eval('#canvas [data-state]', (nodes) =>
      nodes.map((node) => {
        const { x, y, width, height } = node.getBoundingClientRect();
        return {
          id: node.getAttribute('data-state'),
          visible: width > 0 && height > 0 && x >= 0 && y >= 0 && x + width <= 1440 && y + height <= 900,
        };
      }),
    );
    expect(
      drawn
        .filter((d) => d.visible)
        .map((d) => d.id)
        .sort(),
    ).toEqual(ids.sort());
  });

  it("shows a clicked state's description, invoked actors, tags and transitions with guards", async () => {
    await page.locator('#canvas [data-state="chat.open.sending"] > .state-title').click();
    const details = page.locator('#details');
    await expect.poll(() => details.locator('.state-name').textContent()).toBe('open.sending');
    const text = await details.textContent();
    expect(text).toContain(chat.root.states.open.states.sending.description);
    expect(text).toContain('Invoked actors');
    expect(text).toContain('Tags');
    const guarded = chat.root.states.open.states.sending.transitions.find((t: { guard?: string }) => t.guard);
    expect(text).toContain(guarded.guard);
  });

  it('finds machines by what they contain', async () => {
    await page.fill('#search', 'attachment.upload');
    expect(await page.locator('#machine-list .name').allTextContents()).toContain('chat');
    await page.fill('#search', 'no-such-thing-anywhere');
    expect(await page.locator('#machine-list').textContent()).toContain('No machine matches.');
  });

  it('colours changes since a revision and what the model suites walked, and lists them beside the chart', async () => {
    // The files `--since` and `npm run test:model` write, stood in for: defined before the page's scripts run,
    // read-only so the real ones (if this checkout has them) cannot replace them.
    const changes = {
      comparisons: [
        {
          since: 'v1',
          commit: 'abc1234',
          subject: 'test',
          machines: [
            {
              name: 'chat',
              status: 'changed',
              states: { added: ['chat.open.reading'], removed: ['chat.gone'], changed: [] },
              transitions: {
                added: [],
                removed: [],
                changed: [
                  {
                    key: 'chat.closed|chat.open|0',
                    source: 'chat.closed',
                    label: 'chat.open',
                    changes: [{ field: 'targets', before: 'chat.open', after: 'chat.opening' }],
                  },
                ],
              },
            },
          ],
        },
      ],
    };
    const stateIds: string[] = [];
    const keys: string[] = [];
    walkStates(chat.root as StateDefinition, (s) => {
      if (s.path) stateIds.push(s.id);
      for (const t of s.transitions) keys.push(t.key);
    });
    const coverage = {
      generatedAt: 'now',
      machines: {
        chat: {
          paths: 3,
          states: { walked: stateIds.filter((id) => id !== 'chat.failed'), unwalked: ['chat.failed'] },
          transitions: {
            walked: keys.filter((k) => k !== 'chat.failed|chat.reload|0'),
            unwalked: ['chat.failed|chat.reload|0'],
          },
        },
      },
    };
    const overlays = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await overlays.addInitScript(
      ([c, v]) => {
        Object.defineProperty(window, 'STATECHART_CHANGES', { value: c, writable: false });
        Object.defineProperty(window, 'STATECHART_COVERAGE', { value: v, writable: false });
      },
      [changes, coverage] as const,
    );
    await overlays.goto(`${pathToFileURL(resolve(docs, 'index.html')).href}?since=v1&coverage=1#chat`);
    await overlays.locator('#canvas svg[data-machine="chat"]').waitFor();
    const classes = (selector: string) => overlays.locator(`#canvas ${selector}`).first().getAttribute('class');
    expect(await classes('[data-state="chat.open.reading"]')).toContain('diff-added');
    expect(await classes('.transition[data-transition="chat.closed|chat.open|0"]')).toContain('diff-changed');
    expect(await classes('[data-state="chat.failed"]')).toContain('cov-unwalked');
    expect(await classes('[data-state="chat.opening"]')).toContain('cov-walked');
    expect(await classes('.transition[data-transition="chat.failed|chat.reload|0"]')).toContain('cov-unwalked');
    const panel = (await overlays.locator('#details').textContent()) ?? '';
    expect(panel).toContain('state removed chat.gone');
    expect(panel).toContain('targets: chat.open → chat.opening');
    expect(panel).toContain('chat.failed|chat.reload|0');
    await overlays.close();
  });
});
