import { type Browser, type BrowserContext, chromium } from 'playwright-core';
import type { ScreenshotRequest } from '../../../../src/api/contract/chatbot-test.ts';
import { type GuardingProxy, startGuardingProxy } from './guarding-proxy.ts';
import { type Screenshot, ScreenshotFailure, type ScreenshotService } from './screenshot-service.ts';

/** Headless, and nothing the browser would fetch on its own (updates, sync, component downloads). */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Why a navigation failed: the proxy's reason for the page's own host when it has one, else Chromium's error. */
function describeLoadError(error: unknown, timeoutMs: number, proxyReason: string | undefined): string {
  if (error instanceof Error && error.name === 'TimeoutError')
    return `The page did not load within ${timeoutMs / 1000} s.`;
  if (proxyReason) return `The page cannot be loaded: ${proxyReason.replace(/\.$/, '')}.`;
  const net = /net::(ERR_[A-Z_]+)/.exec(error instanceof Error ? error.message : String(error))?.[1];
  return net ? `The page cannot be loaded (${net}).` : 'The page cannot be loaded.';
}

/** `host:port` of a URL, as the proxy names its targets. */
function targetOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname.replace(/^\[|\]$/g, '')}:${parsed.port || (parsed.protocol === 'https:' ? 443 : 80)}`;
}

/** Kept of the time limit for taking the picture once the page is there. */
const PICTURE_MS = 3000;

/** Recent proxy failures by target, so a failed page can say why; bounded, oldest dropped. */
const FAILURES_KEPT = 50;

/**
 * Screenshots by the Chromium installed on this machine, driven by playwright-core. One browser, launched at the
 * first screenshot and reused; each screenshot gets its own context (no cookies or storage carried over) whose
 * every request goes through the guarding proxy. `close()` ends the browser and the proxy.
 */
export function localChromiumScreenshots(options: { chromiumPath: string; allowPrivate: boolean }): ScreenshotService {
  let started: Promise<{ browser: Browser; proxy: GuardingProxy }> | null = null;
  const failures = new Map<string, string>();
  const remember = (target: string, reason: string) => {
    failures.delete(target);
    failures.set(target, reason);
    if (failures.size > FAILURES_KEPT) failures.delete(failures.keys().next().value as string);
  };

  const start = () => {
    started ??= (async () => {
      const proxy = await startGuardingProxy(options.allowPrivate, remember);
      try {
        const browser = await chromium.launch({ executablePath: options.chromiumPath, args: CHROMIUM_FLAGS });
        // A crashed browser is launched again at the next screenshot.
        browser.on('disconnected', () => {
          started = null;
          void proxy.close();
        });
        return { browser, proxy };
      } catch (error) {
        await proxy.close();
        throw error;
      }
    })().catch((error: unknown) => {
      started = null;
      throw new ScreenshotFailure(
        `The local browser cannot start (${error instanceof Error ? error.message.split('\n')[0] : error}).`,
      );
    });
    return started;
  };

  return {
    kind: 'local-chromium',
    async take(request: ScreenshotRequest, timeoutMs: number): Promise<Screenshot> {
      const { browser, proxy } = await start();
      // The page's time starts once the browser runs (its first launch is not the page's fault).
      const deadline = Date.now() + timeoutMs;
      const target = targetOf(request.url);
      failures.delete(target);
      let context: BrowserContext | null = null;
      let timer: NodeJS.Timeout | undefined;
      const work = (async () => {
        context = await browser.newContext({
          viewport: { width: request.width, height: request.height },
          proxy: { server: proxy.url },
          serviceWorkers: 'block',
          acceptDownloads: false,
        });
        const page = await context.newPage();
        // Time left before the deadline, keeping enough for the picture itself.
        const left = () => Math.max(1, deadline - Date.now() - PICTURE_MS);
        let answer: Awaited<ReturnType<typeof page.goto>>;
        try {
          answer = await page.goto(request.url, { waitUntil: 'domcontentloaded', timeout: left() });
        } catch (error) {
          throw new ScreenshotFailure(describeLoadError(error, timeoutMs, failures.get(target)));
        }
        // A slow image or script should not cost the whole preview: after the deadline, picture what is there.
        await page.waitForLoadState('load', { timeout: left() }).catch(() => {});
        // The proxy's own refusal (403) or failure (502) shown as the page: say why instead of picturing it.
        const proxyReason = failures.get(target);
        if (proxyReason && (answer?.status() === 403 || answer?.status() === 502)) {
          throw new ScreenshotFailure(describeLoadError(null, timeoutMs, proxyReason));
        }
        const image = await page.screenshot({ type: 'png', timeout: Math.max(1, deadline - Date.now()) });
        return { base64: image.toString('base64'), contentType: 'image/png' as const };
      })();
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new ScreenshotFailure(`The page did not load within ${timeoutMs / 1000} s.`)),
          timeoutMs + 1000,
        );
      });
      try {
        return await Promise.race([work, timeout]);
      } catch (error) {
        if (error instanceof ScreenshotFailure) throw error;
        throw new ScreenshotFailure(describeLoadError(error, timeoutMs, failures.get(target)));
      } finally {
        clearTimeout(timer);
        // A context still being created when time ran out is closed once it exists.
        const closeContext = () => (context as BrowserContext | null)?.close().catch(() => {});
        await closeContext();
        work.then(closeContext, closeContext);
      }
    },
    async close() {
      const running = started;
      started = null;
      if (!running) return;
      const { browser, proxy } = await running.catch(() => ({ browser: null, proxy: null }));
      await browser?.close().catch(() => {});
      await proxy?.close();
    },
  };
}
