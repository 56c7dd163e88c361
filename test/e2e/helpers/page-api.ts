import type { Page } from 'playwright-core';

/** Calls the API from inside the page, as the console would: session cookie, console header, JSON. */
export async function pageApi<T>(page: Page, method: string, url: string, body?: unknown): Promise<T> {
  return page.evaluate(
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
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
      return text ? JSON.parse(text) : null;
    },
    { method, url, body },
  ) as Promise<T>;
}

/**
 * A configuration write from inside the page: it needs the resource's atime (DESIGN §3), so the resource is
 * read first and its `x-atime` sent with the write, as the console's client does.
 */
export async function pageApiWithAtime<T>(
  page: Page,
  readUrl: string,
  method: string,
  url: string,
  body?: unknown,
): Promise<T> {
  return page.evaluate(
    async ({ readUrl, method, url, body }) => {
      const headers: Record<string, string> = { 'x-requested-with': 'console' };
      const read = await fetch(readUrl, { credentials: 'include', headers });
      const atime = read.headers.get('x-atime') ?? '';
      if (body !== undefined) headers['content-type'] = 'application/json';
      const response = await fetch(`${url}${url.includes('?') ? '&' : '?'}atime=${atime}`, {
        method,
        credentials: 'include',
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
      return text ? JSON.parse(text) : null;
    },
    { readUrl, method, url, body },
  ) as Promise<T>;
}
