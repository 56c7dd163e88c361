import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ATTACHMENT_MAX_BYTES } from '../../src/api/contract/chat.ts';
import { webhookAllowList } from '../../server/webhook/address-policy.ts';
import { fundamentalHz, seconds, telephonePcm } from './helpers/speech-audio.ts';
import { type Caller, type TestApp, createTestApp } from './helpers/test-app.ts';

let t: TestApp;
let admin: Caller;
const TOKEN = 'runtime-conversation-token-0123456789';
let hookServer: http.Server;
let hookPort = 0;

beforeAll(async () => {
  hookServer = http.createServer((_req, res) => {
    setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"shipped"}'), 1500);
  });
  await new Promise<void>((resolve) => hookServer.listen(0, '127.0.0.1', resolve));
  hookPort = (hookServer.address() as AddressInfo).port;
  webhookAllowList.add(`127.0.0.1:${hookPort}`);
});
afterAll(async () => {
  webhookAllowList.delete(`127.0.0.1:${hookPort}`);
  await new Promise((resolve) => hookServer.close(resolve));
});
beforeEach(async () => {
  t = await createTestApp();
  admin = await t.admin();
});
afterEach(async () => {
  await t.close();
});

async function start(): Promise<number> {
  const res = await t.call('POST', '/v1/chat/init', { as: admin, body: {}, query: { conversation_token: TOKEN } });
  return res.json().conversation_id;
}

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

function multipart(files: { name: string; type: string; content: Buffer }[]) {
  const boundary = 'testboundary42';
  const parts = files.map((f) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
      f.content,
      Buffer.from('\r\n'),
    ]),
  );
  return {
    body: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('attachments', () => {
  it('stores an image by its content, refuses a spoofed type and a file over the limit', async () => {
    const id = await start();
    const upload = (files: { name: string; type: string; content: Buffer }[]) => {
      const { body, headers } = multipart(files);
      return t.call('PUT', '/v1/chat/attachments', {
        as: admin,
        body,
        headers,
        query: { id, conversation_token: TOKEN },
      });
    };
    const ok = await upload([{ name: '../../etc/photo.png', type: 'image/png', content: PNG }]);
    expect(ok.statusCode, ok.body).toBe(200);
    const [stored] = ok.json().attachments;
    expect(stored).toMatchObject({ name: 'photo.png', mime: 'image/png', size: PNG.length });
    const spoofed = await upload([
      { name: 'a.png', type: 'image/png', content: Buffer.from('<html><script>alert(1)</script>') },
    ]);
    expect(spoofed.statusCode).toBe(415);
    const huge = await upload([
      { name: 'big.png', type: 'image/png', content: Buffer.concat([PNG, Buffer.alloc(ATTACHMENT_MAX_BYTES)]) },
    ]);
    expect(huge.statusCode).toBe(413);
    const download = await t.call('GET', `/v1/chat/attachment/${stored.id}`, {
      as: admin,
      query: { id, conversation_token: TOKEN },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toMatch(/^attachment/);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.rawPayload.equals(PNG)).toBe(true);
  });
});

describe('read-utter', () => {
  it('answers real WAV audio for what the bot said, and 404 for anything else', async () => {
    const id = await start();
    const said = 'Welcome to the Demo pizzeria! How can I help you?';
    const res = await t.call('POST', '/v1/chat/read-utter', {
      as: admin,
      body: { utter: said, last_ts: 0 },
      query: { id, conversation_token: TOKEN },
    });
    expect(res.statusCode, 'espeak-ng is installed (apt-get install espeak-ng)').toBe(200);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/wav');
    expect(res.rawPayload.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(res.rawPayload.subarray(8, 12).toString('latin1')).toBe('WAVE');
    const other = await t.call('POST', '/v1/chat/read-utter', {
      as: admin,
      body: { utter: 'say anything', last_ts: 0 },
      query: { id, conversation_token: TOKEN },
    });
    expect(other.statusCode).toBe(404);
  });

  it("reads aloud in the project's voice and pitch, at the chat window's own speed", async () => {
    const id = await start();
    const read = async (speed: number) => {
      const res = await t.call('POST', '/v1/chat/read-utter', {
        as: admin,
        body: { utter: 'Welcome to the Demo pizzeria! How can I help you?', last_ts: 0 },
        query: { id, conversation_token: TOKEN, speed },
      });
      expect(res.statusCode, res.body).toBe(200);
      return telephonePcm(res.rawPayload);
    };
    const before = await read(1);
    const atime = String((await t.call('GET', '/v1/settings', { as: admin })).headers['x-atime']);
    const body = { voices_id: 'espeak-en-us-male', voice_pitch: -20, voice_speed: 4 };
    expect((await t.call('PUT', '/v1/settings', { as: admin, body, query: { atime } })).statusCode).toBe(200);
    const after = await read(1);
    expect(fundamentalHz(before) / fundamentalHz(after)).toBeGreaterThan(2);
    // The project's speed is for calls; read-aloud keeps the speed the chat window asks for ($read-speed).
    expect(seconds(after) / seconds(before)).toBeGreaterThan(0.85);
    expect(seconds(await read(2)) / seconds(after)).toBeLessThan(0.65);
  });
});

describe('a slow webhook', () => {
  it('shows provisional utterances while it runs and merges its answer into the variables', async () => {
    let res = await t.call('GET', '/v1/actions', { as: admin });
    res = await t.call('PUT', '/v1/actions', {
      as: admin,
      body: [{ name: 'tracking', url: `http://127.0.0.1:${hookPort}/status`, method: 'GET', timeout_ms: 5000 }],
      query: { atime: res.headers['x-atime'] as string },
    });
    expect(res.statusCode, res.body).toBe(200);
    const reactions = await t.call('GET', '/v1/reactions', { as: admin });
    const saved = await t.call('PUT', '/v1/reaction/-1', {
      as: admin,
      body: {
        name: 'status',
        intents: ['order status'],
        priority: 50,
        actions: [
          { name: 'utter', args: { text: 'Let me check...' } },
          { name: 'tracking', args: {} },
          { name: 'utter', args: { text: 'Your order is {{status}}.' } },
        ],
      },
      query: { atime: reactions.headers['x-atime'] as string },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const id = await start();
    const sending = t.call('POST', '/v1/chat', {
      as: admin,
      body: { msg: 'where is my order' },
      query: { id, conversation_token: TOKEN },
    });
    let provisional: { tracker: { value: string }[]; pending: boolean } | null = null;
    for (let i = 0; i < 20 && !provisional?.pending; i++) {
      await new Promise((r) => setTimeout(r, 100));
      const poll = await t.call('POST', '/v1/chat/provisional-response', {
        as: admin,
        body: { last_ts: 0 },
        query: { id, conversation_token: TOKEN },
      });
      provisional = poll.json();
    }
    expect(provisional?.pending).toBe(true);
    expect(provisional?.tracker.map((e) => e.value)).toContain('Let me check...');
    const done = (await sending).json();
    expect(done.tracker.map((e: { value: string }) => e.value)).toContain('Your order is shipped.');
    const after = (
      await t.call('POST', '/v1/chat/provisional-response', {
        as: admin,
        body: { last_ts: 0 },
        query: { id, conversation_token: TOKEN },
      })
    ).json();
    expect(after.pending).toBe(false);
  });
});

describe('read-utter without a speech engine', () => {
  it('answers 503 with a plain message when the text-to-speech program is missing', async () => {
    await t.close();
    t = await createTestApp({ config: { espeakBinary: '/nonexistent/espeak-ng' } });
    admin = await t.admin();
    const id = await start();
    const res = await t.call('POST', '/v1/chat/read-utter', {
      as: admin,
      body: { utter: 'Welcome to the Demo pizzeria! How can I help you?', last_ts: 0 },
      query: { id, conversation_token: TOKEN },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      statusCode: 503,
      error: 'Service Unavailable',
      message: 'Text to speech is not installed on this server (espeak-ng).',
    });
  });
});

describe('select_box of another project', () => {
  it("leaves the values to the chat window: values null and the project's id; its own project is read here", async () => {
    const reactions = await t.call('GET', '/v1/reactions', { as: admin });
    const saved = await t.call('PUT', '/v1/reaction/-1', {
      as: admin,
      body: {
        name: 'status',
        intents: ['order status'],
        priority: 50,
        actions: [
          { name: 'select_box', args: { entity: 'pizza_type', variable: 'theirs', project: '2' } },
          { name: 'select_box', args: { entity: 'pizza_type', project: '1' } },
        ],
      },
      query: { atime: reactions.headers['x-atime'] as string },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const id = await start();
    const res = await t.call('POST', '/v1/chat', {
      as: admin,
      body: { msg: 'where is my order' },
      query: { id, conversation_token: TOKEN },
    });
    expect(res.statusCode, res.body).toBe(200);
    const boxes = (res.json().tracker as { value: string; args: Record<string, unknown> }[]).filter(
      (e) => e.value === 'select_box',
    );
    expect(boxes.map((b) => b.args)).toEqual([
      { entity: 'pizza_type', variable: 'theirs', values: null, project_id: 2 },
      { entity: 'pizza_type', variable: 'pizza_type', values: expect.arrayContaining(['margherita', 'diavola']) },
    ]);
  });
});
