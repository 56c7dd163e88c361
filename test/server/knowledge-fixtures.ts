import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Caller, TestApp } from './helpers/test-app.ts';

/** Shared steps of the knowledge base tests. */

/** A one-page PDF with the given lines (Helvetica, uncompressed), built byte by byte: a real file unpdf reads. */
export function minimalPdf(lines: string[], padding = 0): Buffer {
  const esc = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);
  const stream = `BT /F1 12 Tf 72 720 Td 14 TL ${lines.map((l) => `(${esc(l)}) Tj T*`).join(' ')} ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  // Padding after the end: a larger file that is still the same PDF.
  return Buffer.concat([Buffer.from(out, 'latin1'), Buffer.from(`%${'x'.repeat(Math.max(0, padding - 2))}\n`)]);
}

/** A multipart body with one file part. */
export function multipart(file: { name: string; content: Buffer | string; type?: string; field?: string }) {
  const boundary = `----kb-test-${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\n` +
      `Content-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    body: Buffer.concat([head, Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content), tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A local web server whose pages a test changes as it goes. */
export async function pageServer(): Promise<{
  port: number;
  pages: Map<string, { status?: number; type?: string; body: string | Buffer; location?: string }>;
  close(): Promise<void>;
}> {
  const pages = new Map<string, { status?: number; type?: string; body: string | Buffer; location?: string }>();
  const server = http.createServer((req, res) => {
    const page = pages.get(req.url ?? '');
    if (!page) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(page.status ?? 200, {
      'content-type': page.type ?? 'text/html; charset=utf-8',
      ...(page.location ? { location: page.location } : {}),
    });
    res.end(page.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    pages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export const article = (title: string, paragraphs: string[]) =>
  `<!doctype html><html><head><title>${title}</title></head><body><nav><a href="/">Home</a> <a href="/x">Menu</a></nav>
  <article><h1>${title}</h1>${paragraphs.map((p) => `<p>${p}</p>`).join('')}</article><footer>Copyright</footer></body></html>`;

/** The resource's current x-atime. */
export async function atime(t: TestApp, as: Caller, path = '/v1/knowledges'): Promise<string> {
  const res = await t.call('GET', path, { as });
  expect(res.statusCode, res.body).toBe(200);
  return String(res.headers['x-atime']);
}

/** A write with the resource's fresh atime. */
export async function write(
  t: TestApp,
  as: Caller,
  method: 'PUT' | 'POST' | 'DELETE',
  url: string,
  body?: unknown,
  resource = '/v1/knowledges',
): Promise<LightMyRequestResponse> {
  return t.call(method, url, { as, body, query: { atime: await atime(t, as, resource) } });
}

/** Polls a job until it is done (or failed: throws). */
export async function waitForJob(t: TestApp, jobId: number): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const job = await t.db.selectFrom('jobs').select(['status', 'error']).where('id', '=', jobId).executeTakeFirst();
    if (job?.status === 'done') return;
    if (job?.status === 'failed') throw new Error(`job ${jobId} failed: ${job.error}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`job ${jobId} did not finish in time`);
}
