// The statechart gallery is served by the console at /docs/statecharts/, to signed-in staff only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, type TestApp, createTestApp } from './helpers/test-app.ts';

let t: TestApp;
let staff: Caller;

beforeAll(async () => {
  t = await createTestApp(); // statechartsDir defaults to the repository's docs/statecharts
  staff = await t.admin();
});
afterAll(() => t.close());

const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

describe('/docs/statecharts/', () => {
  it('needs a session: the page and its chart scripts answer 401 without one or with an unknown one', async () => {
    for (const url of [
      '/docs/statecharts/',
      '/docs/statecharts/index.html',
      '/docs/statecharts/gallery/charts/chat.js',
    ]) {
      expect((await get(url)).statusCode, url).toBe(401);
      expect((await get(url, 'console_session=not-a-session')).statusCode, url).toBe(401);
    }
  });

  it('serves the gallery and its assets to a signed-in user, with no console header needed', async () => {
    const page = await get('/docs/statecharts/', staff.cookie);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('<script src="gallery/gallery.js"></script>');
    const chart = await get('/docs/statecharts/gallery/charts/chat.js', staff.cookie);
    expect(chart.statusCode).toBe(200);
    expect(chart.headers['content-type']).toMatch(/javascript/);
    expect(chart.body).toContain('statechartLoaded(');
    expect((await get('/docs/statecharts/chat.svg', staff.cookie)).body).toContain('data-json-sha256=');
  });

  it("redirects the bare path to the folder, so the page's relative links resolve", async () => {
    const res = await get('/docs/statecharts', staff.cookie);
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/docs/statecharts/');
  });
});
