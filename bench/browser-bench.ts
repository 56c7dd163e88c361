// What the browser benchmarks share: logging the seeded administrator in, timing keystrokes, summarising times.
import type { Page } from 'playwright-core';
export { loginAsAdmin } from '../test/e2e/helpers/login.ts';

export interface KeystrokeTiming {
  /** From keydown to the rendered, laid-out update. */
  render: number;
  /** From keydown to the next animation frame. */
  frame: number;
}

/**
 * Types `text` into the focused field key by key. Per keystroke: the time from keydown to the rendered, laid-out
 * update (React renders input events synchronously, so forcing layout in a bubbling input listener on window, which
 * runs after React's root listener, measures the whole update) and to the next animation frame.
 */
export async function timeKeystrokes(page: Page, text: string, pauseMs: number): Promise<KeystrokeTiming[]> {
  await page.evaluate(() => {
    const w = window as unknown as { __keys: KeystrokeTiming[]; __t0: number };
    w.__keys = [];
    window.addEventListener(
      'keydown',
      () => {
        w.__t0 = performance.now();
      },
      true,
    );
    window.addEventListener('input', () => {
      void document.body.offsetHeight;
      const render = performance.now() - w.__t0;
      requestAnimationFrame(() => w.__keys.push({ render, frame: performance.now() - w.__t0 }));
    });
  });
  for (const key of text) {
    await page.keyboard.type(key);
    await page.waitForTimeout(pauseMs);
  }
  return page.evaluate(() => (window as unknown as { __keys: KeystrokeTiming[] }).__keys);
}

export function latencyStats(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return {
    mean: +(values.reduce((a, b) => a + b, 0) / values.length).toFixed(2),
    p50: +at(0.5).toFixed(2),
    p95: +at(0.95).toFixed(2),
    max: +Math.max(...values).toFixed(2),
  };
}
