// Storage: listing, versions, downloads as attachments, the size limit, content typing and names that are never paths.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from './helpers/test-app.ts';

// A small limit keeps the boundary tests fast (config uploadMaxBytes from UPLOAD_MAX_BYTES; the default is 10 MB).
const LIMIT = 64 * 1024;

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ config: { uploadMaxBytes: LIMIT } });
});
afterEach(async () => {
  await t.close();
});

/** A multipart body with one file part, built by hand so the test controls every byte and header. */
function multipart(file: { name: string; content: Buffer | string; type?: string; field?: string }) {
  const boundary = `----storage-test-${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name.replaceAll('"', '%22')}"\r\n` +
      `Content-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
    'utf8',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    body: Buffer.concat([head, Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content), tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120)]);
const PE = Buffer.concat([
  Buffer.from('MZ'),
  Buffer.alloc(58),
  Buffer.from([0x80, 0, 0, 0]),
  Buffer.alloc(64),
  Buffer.from('PE\0\0'),
  Buffer.alloc(200),
]);

async function upload(as: Awaited<ReturnType<TestApp['admin']>>, file: Parameters<typeof multipart>[0]) {
  const { body, headers } = multipart(file);
  return t.call('POST', '/v1/file', { as, body, headers });
}

describe('storage', () => {
  it('uploads, lists, bumps the version on re-upload (keeping old rows) and downloads as an attachment', async () => {
    const admin = await t.admin();
    const first = await upload(admin, { name: 'prices.csv', content: 'a,b\n1,2\n', type: 'text/csv' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ name: 'prices.csv', size: 8, type: 'text/csv', version: 1 });
    const second = await upload(admin, {
      name: 'prices.csv',
      content: 'a,b\n3,4\n5,6\n',
      type: 'application/vnd.ms-excel',
    });
    expect(second.json()).toMatchObject({ version: 2, type: 'text/csv' });
    await upload(admin, { name: 'logo.png', content: PNG, type: 'image/png' });

    const list = await t.call('GET', '/v1/storage', { as: admin });
    expect(list.statusCode).toBe(200);
    expect(list.headers['x-atime']).toBeDefined();
    expect(
      list.json().map((f: { name: string; version: number; type: string }) => [f.name, f.version, f.type]),
    ).toEqual([
      ['logo.png', 1, 'image/png'],
      ['prices.csv', 2, 'text/csv'],
    ]);
    expect(list.json()[1].by).toBeTruthy();
    const rows = await t.db.selectFrom('storage_files').select('version').where('name', '=', 'prices.csv').execute();
    expect(rows).toHaveLength(2);

    const download = await t.call('GET', '/v1/file', { as: admin, query: { file: 'prices.csv' } });
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe('a,b\n3,4\n5,6\n');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="prices.csv"; filename*=UTF-8''prices.csv`,
    );
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-type']).toMatch(/^text\/csv/);
    const old = await t.call('GET', '/v1/file', { as: admin, query: { file: 'prices.csv', version: 1 } });
    expect(old.body).toBe('a,b\n1,2\n');
    const image = await t.call('GET', '/v1/file', { as: admin, query: { file: 'logo.png' } });
    expect(image.rawPayload.equals(PNG)).toBe(true);
    expect(image.headers['content-disposition']).toMatch(/^attachment;/);

    const logs = await t.db
      .selectFrom('users_logs')
      .select('action')
      .where('action', 'like', 'Uploaded file%')
      .execute();
    expect(logs).toHaveLength(3);
  });

  it('deletes a file with the atime; 428 without it, 404 for an unknown name, re-upload starts a new version', async () => {
    const admin = await t.admin();
    await upload(admin, { name: 'notes.txt', content: 'hello' });
    const list = await t.call('GET', '/v1/storage', { as: admin });
    const atime = list.headers['x-atime'] as string;
    expect((await t.call('DELETE', '/v1/file', { as: admin, query: { file: 'notes.txt' } })).statusCode).toBe(428);
    const deleted = await t.call('DELETE', '/v1/file', { as: admin, query: { file: 'notes.txt', atime } });
    expect(deleted.statusCode).toBe(200);
    const stale = await t.call('DELETE', '/v1/file', { as: admin, query: { file: 'notes.txt', atime } });
    expect(stale.statusCode).toBe(409);
    const fresh = (await t.call('GET', '/v1/storage', { as: admin })).headers['x-atime'] as string;
    expect(
      (await t.call('DELETE', '/v1/file', { as: admin, query: { file: 'notes.txt', atime: fresh } })).statusCode,
    ).toBe(404);
    expect((await t.call('GET', '/v1/file', { as: admin, query: { file: 'notes.txt' } })).statusCode).toBe(404);
    expect((await t.call('GET', '/v1/storage', { as: admin })).json()).toEqual([]);
    const again = await upload(admin, { name: 'notes.txt', content: 'again' });
    expect(again.json().version).toBe(2);
    expect(
      await t.db.selectFrom('users_logs').select('id').where('action', '=', 'Deleted file notes.txt').execute(),
    ).toHaveLength(1);
  });

  it('answers 2xx, 2xx, 413 at limit−1, limit and limit+1 bytes', async () => {
    const admin = await t.admin();
    const sized = (n: number) =>
      upload(admin, { name: `s${n}.txt`, content: Buffer.alloc(n, 'a'), type: 'text/plain' });
    expect((await sized(LIMIT - 1)).statusCode).toBe(200);
    expect((await sized(LIMIT)).statusCode).toBe(200);
    const over = await sized(LIMIT + 1);
    expect(over.statusCode).toBe(413);
    expect(over.json().message).toBe('The file is larger than 64 KB.');
    expect(
      await t.db
        .selectFrom('storage_files')
        .select('name')
        .where('name', '=', `s${LIMIT + 1}.txt`)
        .execute(),
    ).toEqual([]);
  });

  it('refuses spoofed types, executables, HTML and scripted SVG by their content', async () => {
    const admin = await t.admin();
    const refused = [
      { name: 'photo.png', content: '<html><script>alert(1)</script></html>', type: 'image/png' },
      { name: 'photo.png', content: 'just some text', type: 'image/png' },
      { name: 'photo.jpg', content: PNG, type: 'image/jpeg' },
      { name: 'data.csv', content: PNG, type: 'text/csv' },
      { name: 'tool.bin', content: ELF, type: 'application/octet-stream' },
      { name: 'setup.dat', content: PE, type: 'application/octet-stream' },
      { name: 'page.txt', content: '<!DOCTYPE html><p>hi</p>', type: 'text/plain' },
      { name: 'index.html', content: 'plain words', type: 'text/plain' },
      { name: 'run.exe', content: 'plain words', type: 'text/plain' },
      {
        name: 'icon.svg',
        content: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
        type: 'image/svg+xml',
      },
      {
        name: 'icon2.svg',
        content: '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>',
        type: 'image/svg+xml',
      },
      { name: 'blob.dat', content: Buffer.from([0, 1, 2, 3, 255, 254, 0, 9]), type: 'application/octet-stream' },
      { name: 'x.txt', content: 'hello', type: 'text/html' },
    ];
    for (const file of refused) {
      const res = await upload(admin, file);
      expect({ name: file.name, status: res.statusCode }).toEqual({ name: file.name, status: 415 });
      expect(res.json().message).toMatch(/File type not allowed|does not match/);
    }
    expect(await t.db.selectFrom('storage_files').select('id').execute()).toEqual([]);
    const svg = await upload(admin, {
      name: 'plain.svg',
      content: '<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>',
      type: 'image/svg+xml',
    });
    expect(svg.json()).toMatchObject({ type: 'image/svg+xml' });
    const json = await upload(admin, { name: 'data.json', content: '{"a": [1, 2]}', type: 'application/json' });
    expect(json.json()).toMatchObject({ type: 'application/json' });
  });

  it('keeps 30 hostile names as text: nothing is written to disk, names come back only as labels', async () => {
    const admin = await t.admin();
    const before = snapshotDir(os.tmpdir());
    const names = [
      '../../etc/passwd',
      '..\\..\\windows\\win.ini',
      '..\\x',
      '/etc/passwd',
      '/tmp/evil.txt',
      'C:\\Windows\\evil.txt',
      '\\\\server\\share\\x.txt',
      '%2e%2e%2fetc%2fpasswd',
      '%2e%2e/%2e%2e/x.txt',
      '..%2f..%2fx.txt',
      '..%5c..%5cx.txt',
      '%252e%252e%252fx.txt',
      '....//....//x.txt',
      '..;/x.txt',
      './.././x.txt',
      '~/.ssh/authorized_keys',
      '.htaccess',
      '..',
      '.',
      'x.txt::$DATA',
      'CON',
      'nul.txt',
      'a/b/c.txt',
      'file:///etc/passwd',
      '<img src=x onerror=alert(1)>.txt',
      "'quoted'.txt",
      '\u202egnp.txt',
      'e\u0301.txt',
      '/..\u2215..\u2215x.txt',
      'x'.repeat(200),
    ];
    expect(names).toHaveLength(30);
    for (const name of names) {
      const res = await upload(admin, { name, content: 'payload' });
      // The multipart parser keeps only the last path segment; '.' and '..' leave nothing, which is refused.
      const label = (name.split(/[\\/]/).at(-1) ?? '').normalize('NFC');
      if (label === '' || label === '.' || label === '..') {
        expect({ name, status: res.statusCode }).toEqual({ name, status: 400 });
        continue;
      }
      expect({ name, status: res.statusCode }).toEqual({ name, status: 200 });
      expect(res.json().name).toBe(label);
      const back = await t.call('GET', '/v1/file', { as: admin, query: { file: label } });
      expect(back.statusCode).toBe(200);
      expect(back.body).toBe('payload');
      expect(back.headers['content-disposition']).toMatch(
        /^attachment; filename="[^"/\\]*"; filename\*=UTF-8''[A-Za-z0-9%._~!-]*$/,
      );
      expect(back.headers['content-type']).toMatch(/^text\/plain/);
      expect(back.headers['x-content-type-options']).toBe('nosniff');
    }
    // Names are only labels: the listing shows them as given, and nothing appeared on disk.
    const listed = (await t.call('GET', '/v1/storage', { as: admin })).json().map((f: { name: string }) => f.name);
    expect(listed).toContain('<img src=x onerror=alert(1)>.txt');
    expect(listed).toContain('%2e%2e%2fetc%2fpasswd');
    // Other test files run beside this one and make temporary entries of their own: what must not appear is an
    // upload, i.e. a file holding its content (checked one level deep).
    const appeared = snapshotDir(os.tmpdir()).filter((e) => !before.includes(e) && !e.startsWith('console-test-'));
    expect(appeared.flatMap((e) => filesHolding(path.join(os.tmpdir(), e), 'payload'))).toEqual([]);
    expect(fs.existsSync('/tmp/evil.txt')).toBe(false);
    expect(fs.existsSync(path.resolve('x.txt'))).toBe(false);
    expect(fs.existsSync(path.resolve('data', 'passwd'))).toBe(false);
  });

  it('refuses names with NUL or control characters with a readable 400', async () => {
    const admin = await t.admin();
    // CR/LF cannot travel inside a multipart header; they are tried in the query below.
    for (const name of ['evil\u0000.txt', '\u0007bell', 'tab\there']) {
      const res = await upload(admin, { name, content: 'x' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/control characters|required/);
    }
    for (const file of ['a\u0000b', 'line\r\nbreak', '']) {
      const query = await t.call('GET', '/v1/file', { as: admin, query: { file } });
      expect(query.statusCode).toBe(400);
      expect(query.json().message).toMatch(/^querystring\.file: /);
    }
  });

  it('needs the grants: a viewer lists but cannot upload or delete (402), another project is refused', async () => {
    const viewer = await t.createUser({ roleId: 3 });
    expect((await t.call('GET', '/v1/storage', { as: viewer })).statusCode).toBe(200);
    expect((await upload(viewer, { name: 'a.txt', content: 'x' })).statusCode).toBe(402);
    expect((await t.call('DELETE', '/v1/file', { as: viewer, query: { file: 'a.txt', atime: 1 } })).statusCode).toBe(
      402,
    );
    const editor = await t.createUser({ roleId: 2 });
    expect((await upload(editor, { name: 'a.txt', content: 'x' })).statusCode).toBe(200);
    const elsewhere = await t.call('GET', '/v1/storage', { as: editor, query: { project_id: 999 } });
    expect(elsewhere.statusCode).toBe(402);
    expect((await t.call('GET', '/v1/storage', { as: null })).statusCode).toBe(401);
  });

  it('refuses a non-multipart upload and a wrong field with readable 4xx', async () => {
    const admin = await t.admin();
    const json = await t.call('POST', '/v1/file', { as: admin, body: { file: 'x' } });
    expect(json.statusCode).toBe(415);
    const wrongField = await upload(admin, { name: 'a.txt', content: 'x', field: 'upload' });
    expect(wrongField.statusCode).toBe(400);
  });
});

/** Files at `entry` (itself, or directly inside it) whose content is exactly `content`. */
function filesHolding(entry: string, content: string): string[] {
  const holds = (file: string) => {
    try {
      const stat = fs.statSync(file);
      return stat.isFile() && stat.size === content.length && fs.readFileSync(file, 'utf8') === content;
    } catch {
      return false;
    }
  };
  let inside: string[] = [];
  try {
    if (fs.statSync(entry).isDirectory()) inside = fs.readdirSync(entry).map((name) => path.join(entry, name));
  } catch {
    // gone meanwhile: another test's temporary entry
  }
  return [entry, ...inside].filter(holds);
}

function snapshotDir(dir: string): string[] {
  try {
    return fs.readdirSync(dir);
  } catch {
    return [];
  }
}
