import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chatSocketUrl } from '../../src/api/chat.ts';
import { resetApiClient, setApiScope } from '../../src/api/client.ts';
import { type Caller, type TestApp, createTestApp } from './helpers/test-app.ts';

let t: TestApp;
let admin: Caller;
const TOKEN = 'socket-conversation-token-0123456789';
beforeEach(async () => {
  t = await createTestApp();
  admin = await t.admin();
});
afterEach(async () => {
  await t.close();
});

interface TestSocket {
  on(event: 'message', listener: (data: Buffer) => void): void;
  on(event: 'close', listener: (code: number) => void): void;
  close(): void;
  terminate(): void;
}

type InjectWS = (path: string, context: { headers?: Record<string, string> }) => Promise<TestSocket>;
const injectWS = (path: string, headers: Record<string, string>) =>
  (t.app as unknown as { injectWS: InjectWS }).injectWS(path, { headers });

async function startConversation(): Promise<number> {
  const res = await t.call('POST', '/v1/chat/init', { as: admin, body: {}, query: { conversation_token: TOKEN } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().conversation_id;
}

const socketPath = (id: number) =>
  `/v1/chat/subscribe-integration-messages?project_id=1&id=${id}&conversation_token=${TOKEN}&last_ts=${Date.now() * 1000}`;
const ours = { host: 'localhost:80', origin: 'http://localhost:80' };

describe('the integration websocket', () => {
  it('pushes the entries of a later turn to a session socket of our own origin', async () => {
    const id = await startConversation();
    const socket = await injectWS(socketPath(id), { ...ours, cookie: admin.cookie });
    const message = new Promise<{ type: string; tracker: { value: string }[] }>((resolve) =>
      socket.on('message', (data) => resolve(JSON.parse(String(data)))),
    );
    await t.call('POST', '/v1/chat', { as: admin, body: { msg: 'hello' }, query: { id, conversation_token: TOKEN } });
    const pushed = await message;
    expect(pushed.type).toBe('tracker');
    expect(pushed.tracker.map((e) => e.value)).toContain('hello');
    socket.terminate();
  });

  it('refuses a foreign Origin, no Origin, no session and a wrong conversation token', async () => {
    const id = await startConversation();
    await expect(
      injectWS(socketPath(id), { host: 'localhost:80', origin: 'https://evil.example', cookie: admin.cookie }),
    ).rejects.toThrow(/403/);
    await expect(injectWS(socketPath(id), { host: 'localhost:80', cookie: admin.cookie })).rejects.toThrow(/403/);
    await expect(injectWS(socketPath(id), ours)).rejects.toThrow(/401/);
    await expect(
      injectWS(
        `/v1/chat/subscribe-integration-messages?project_id=1&id=${id}&conversation_token=wrong-token-0123456789`,
        { ...ours, cookie: admin.cookie },
      ),
    ).rejects.toThrow(/404/);
  });

  it('accepts the chatbot token from any origin', async () => {
    const { chatbot_token } = await t.db
      .selectFrom('project_settings')
      .select('chatbot_token')
      .where('project_id', '=', 1)
      .executeTakeFirstOrThrow();
    const init = await t.app.inject({
      method: 'POST',
      url: '/v1/chat/init',
      query: { conversation_token: TOKEN },
      headers: { 'x-chatbot-token': chatbot_token },
      payload: {},
    });
    const id = init.json().conversation_id;
    const socket = await injectWS(`${socketPath(id)}&chatbot_token=${chatbot_token}`, {
      host: 'localhost:80',
      origin: 'https://shop.example',
    });
    socket.terminate();
  });

  it('closes a session socket after logout', async () => {
    const id = await startConversation();
    const socket = await injectWS(socketPath(id), { ...ours, cookie: admin.cookie });
    const closed = new Promise<number>((resolve) => socket.on('close', resolve));
    await t.call('POST', '/v1/auth/logout', { as: admin });
    expect(await closed).toBe(4401);
  });

  it("the console's socket address carries project_id, project_env, id and conversation_token, and no chat token", async () => {
    const id = await startConversation();
    vi.stubGlobal('location', { origin: 'http://localhost:80' });
    setApiScope({ projectId: 1 });
    try {
      const url = new URL(chatSocketUrl({ kind: 'session' }, { id, token: TOKEN }, Date.now() * 1000));
      expect(url.protocol).toBe('ws:');
      expect(Object.fromEntries(url.searchParams)).toMatchObject({
        project_id: '1',
        project_env: 'draft',
        id: String(id),
        conversation_token: TOKEN,
      });
      expect(url.searchParams.has('chatbot_token')).toBe(false);
      // The server opens it with the session cookie, and pushes the draft conversation's next turn.
      const socket = await injectWS(`${url.pathname}${url.search}`, { ...ours, cookie: admin.cookie });
      const message = new Promise<{ tracker: { value: string }[] }>((resolve) =>
        socket.on('message', (data) => resolve(JSON.parse(String(data)))),
      );
      await t.call('POST', '/v1/chat', { as: admin, body: { msg: 'hi' }, query: { id, conversation_token: TOKEN } });
      expect((await message).tracker.map((e) => e.value)).toContain('hi');
      socket.terminate();
      // The public chatbot token is a dev or prod caller: it may not open the draft's conversation.
      const { chatbot_token } = await t.db
        .selectFrom('project_settings')
        .select('chatbot_token')
        .where('project_id', '=', 1)
        .executeTakeFirstOrThrow();
      await expect(
        injectWS(`${url.pathname}${url.search}&chatbot_token=${chatbot_token}`, { ...ours, cookie: admin.cookie }),
      ).rejects.toThrow(/404/);
    } finally {
      resetApiClient();
      vi.unstubAllGlobals();
    }
  });
});
