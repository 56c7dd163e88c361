import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { DomainError } from '../../../domain-errors.ts';
import { resolveAllowed } from '../../../webhook/call-webhook.ts';
import { MAX_DOCUMENT_BYTES } from './extract-text.ts';

/** The whole fetch, redirects included. */
export const PAGE_FETCH_TIMEOUT_MS = 10_000;
export const MAX_REDIRECTS = 5;

export interface FetchedPage {
  url: string;
  contentType: string;
  bytes: Uint8Array;
}

/** A page that could not be fetched: 400 with the reason (an import), or the reason kept (a reindex). */
export class PageFetchError extends DomainError {
  constructor(url: string, reason: string) {
    super('invalid', `Cannot fetch ${url}: ${reason}`);
  }
}

type Hop = { redirect: string } | FetchedPage;

/** One request to a checked, pinned address (the webhooks' guard: a second lookup cannot rebind). */
async function requestOnce(url: URL, signal: AbortSignal): Promise<Hop> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new PageFetchError(url.href, 'only http and https are allowed');
  if (url.username || url.password) throw new PageFetchError(url.href, 'credentials in the URL are not allowed');
  const target = await resolveAllowed(url);
  if ('refused' in target) throw new PageFetchError(url.href, target.refused.replace('webhooks may', 'the server may'));
  const lookup: LookupFunction = (_host, options, callback) => {
    if (options?.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<Hop>((resolve, reject) => {
    const request = client.get(
      url,
      {
        lookup,
        signal,
        headers: {
          accept: 'text/html, application/xhtml+xml, text/plain, text/markdown, application/pdf;q=0.9, */*;q=0.1',
          'user-agent': 'bot-console-knowledge/1',
        },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400) {
          response.resume();
          const location = response.headers.location;
          if (!location) reject(new PageFetchError(url.href, `answered a redirect (${status}) without a location`));
          else resolve({ redirect: new URL(location, url).href });
          return;
        }
        if (status >= 400) {
          response.resume();
          reject(new PageFetchError(url.href, `answered HTTP ${status}`));
          return;
        }
        const declared = Number(response.headers['content-length'] ?? 0);
        if (declared > MAX_DOCUMENT_BYTES) {
          response.destroy();
          reject(new PageFetchError(url.href, `the page is larger than ${MAX_DOCUMENT_BYTES} bytes`));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_DOCUMENT_BYTES) {
            request.destroy();
            reject(new PageFetchError(url.href, `the page is larger than ${MAX_DOCUMENT_BYTES} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () =>
          resolve({
            url: url.href,
            contentType: String(response.headers['content-type'] ?? ''),
            bytes: new Uint8Array(Buffer.concat(chunks)),
          }),
        );
        response.on('error', (error) => reject(new PageFetchError(url.href, error.message)));
      },
    );
    request.on('error', (error) =>
      reject(
        new PageFetchError(url.href, signal.aborted ? `no answer within ${PAGE_FETCH_TIMEOUT_MS} ms` : error.message),
      ),
    );
  });
}

/**
 * GETs a page for the knowledge base through the webhooks' address policy (issue 16 §1): public addresses only
 * (checked after DNS and pinned), every redirect target checked the same way (at most five), the whole fetch
 * within ten seconds and five megabytes.
 */
export async function fetchPage(address: string, timeoutMs = PAGE_FETCH_TIMEOUT_MS): Promise<FetchedPage> {
  const signal = AbortSignal.timeout(timeoutMs);
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new PageFetchError(address, 'not a valid URL');
  }
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const answer = await requestOnce(url, signal);
    if (!('redirect' in answer)) return answer;
    url = new URL(answer.redirect);
  }
  throw new PageFetchError(address, `more than ${MAX_REDIRECTS} redirects`);
}
