// The API client's conventions (DESIGN §3, spec 2 §7–§8) against msw: query scope, atime per resource, -1 ids,
// the x-requested-with header, the HTTP error table texts, skipped calls and the pending count.
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  ApiError,
  atimeOf,
  callApi,
  configureApiClient,
  downloadFromApi,
  fillPath,
  HTTP_ERROR_TEXTS,
  type Notice,
  resetApiClient,
  setApiScope,
  SkippedCallError,
} from '../../src/api/client.ts';
import { defineCall, grant, sessionAccess } from '../../src/api/contract/call.ts';
import { getProjects, insertProject } from '../../src/api/contract/projects.ts';
import { STARTUP_ANSWER_MAX_AGE_MS } from '../../src/api/startupCache.ts';
import { makeUser } from './userFixtures.ts';

// Two resources with a read and a state-changing call each, shaped like the contract's later calls.
const getIntents = defineCall({
  name: 'getIntents',
  method: 'GET',
  path: '/intents',
  resource: '/intents',
  access: sessionAccess,
  response: z.array(z.object({ id: z.number() })),
});
const updateIntent = defineCall({
  name: 'updateIntent',
  method: 'PUT',
  path: '/intent/:id',
  resource: '/intents',
  access: sessionAccess,
  body: z.object({ name: z.string() }),
  response: z.object({ id: z.number() }),
});
const updateTest = defineCall({
  name: 'updateTest',
  method: 'PUT',
  path: '/tests/:id',
  resource: '/tests',
  access: grant('PUT', '/tests/{id}'),
  response: z.object({ id: z.number() }),
});
const uploadFile = defineCall({
  name: 'uploadFile',
  method: 'POST',
  path: '/file',
  resource: '/storage',
  access: sessionAccess,
  response: z.object({ status: z.literal('ok') }),
  atimeExempt: true,
});

const seen: Request[] = [];
const server = setupServer(
  http.get('*/v1/intents', ({ request }) => {
    seen.push(request);
    return HttpResponse.json([{ id: 1 }], { headers: { 'x-atime': '1700000000000001' } });
  }),
  http.put('*/v1/intent/:id', ({ request }) => {
    seen.push(request);
    return HttpResponse.json({ id: 5 }, { headers: { 'x-atime': '1700000000000002' } });
  }),
  http.put('*/v1/tests/:id', ({ request }) => {
    seen.push(request);
    return HttpResponse.json({ id: 9 });
  }),
  http.post('*/v1/file', ({ request }) => {
    seen.push(request);
    return HttpResponse.json({ status: 'ok' });
  }),
  http.get('*/v1/projects', ({ request }) => {
    seen.push(request);
    return HttpResponse.json([{ id: 1, name: 'Demo bot' }]);
  }),
  http.post('*/v1/projects', ({ request }) => {
    seen.push(request);
    return HttpResponse.json({ project_id: 2 });
  }),
);

const notices: Notice[] = [];
const sessionLost = vi.fn();
const pending: number[] = [];

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  resetApiClient();
  seen.length = 0;
  notices.length = 0;
  pending.length = 0;
  sessionLost.mockReset();
  configureApiClient({
    notify: (n) => notices.push(n),
    onSessionLost: sessionLost,
    onPendingChange: (count) => pending.push(count),
  });
  setApiScope({ user: makeUser(), projectId: 1 });
});
afterEach(() => server.resetHandlers());

const lastUrl = () => new URL(seen.at(-1)!.url);

describe('api client conventions', () => {
  it('sends user_id, project_id and x-requested-with: console on every call', async () => {
    await callApi(getProjects);
    const url = lastUrl();
    expect(url.pathname).toBe('/v1/projects');
    expect(url.searchParams.get('user_id')).toBe('7');
    expect(url.searchParams.get('project_id')).toBe('1');
    expect(seen.at(-1)!.headers.get('x-requested-with')).toBe('console');
  });

  it('parses the answer with the contract', async () => {
    await expect(callApi(getProjects)).resolves.toEqual([{ id: 1, name: 'Demo bot' }]);
  });

  it('remembers x-atime per resource and sends it only on state-changing calls of that resource', async () => {
    await callApi(getIntents);
    expect(lastUrl().searchParams.has('atime')).toBe(false);
    expect(atimeOf('/intents')).toBe('1700000000000001');

    await callApi(updateIntent, { params: { id: 5 }, body: { name: 'greet' } });
    expect(lastUrl().searchParams.get('atime')).toBe('1700000000000001');
    expect(atimeOf('/intents')).toBe('1700000000000002');

    // Another resource has its own atime (none yet), and reads never carry one.
    setApiScope({ user: makeUser({}, [{ method: 'PUT', path: '/tests/{id}', project_env: null }]) });
    await callApi(updateTest, { params: { id: 3 } });
    expect(lastUrl().searchParams.has('atime')).toBe(false);
    await callApi(getIntents);
    expect(lastUrl().searchParams.has('atime')).toBe(false);
  });

  it('does not send atime on uploads', async () => {
    await callApi(getIntents);
    await callApi(uploadFile);
    expect(lastUrl().searchParams.has('atime')).toBe(false);
  });

  it('turns undefined and null path ids into -1', async () => {
    await callApi(updateIntent, { params: { id: undefined }, body: { name: 'new' } });
    expect(lastUrl().pathname).toBe('/v1/intent/-1');
    await callApi(updateIntent, { params: { id: null }, body: { name: 'new' } });
    expect(lastUrl().pathname).toBe('/v1/intent/-1');
    expect(fillPath('/intent/:id/template', { id: 4 })).toBe('/intent/4/template');
  });

  it('skips a call whose grant the user lacks: rejects with SkippedCallError and sends nothing', async () => {
    await expect(callApi(insertProject, { body: { name: 'X', language: 'en' } })).rejects.toBeInstanceOf(
      SkippedCallError,
    );
    await expect(callApi(updateTest, { params: { id: 1 } })).rejects.toBeInstanceOf(SkippedCallError);
    expect(seen).toHaveLength(0);
    expect(notices).toHaveLength(0);
  });

  it('sends a granted call (system grant on the /system variant)', async () => {
    setApiScope({
      user: makeUser({
        permissions: {
          ...makeUser().permissions,
          system_grants: [{ method: 'POST', path: '/system/projects', project_env: null }],
        },
      }),
    });
    await expect(callApi(insertProject, { body: { name: 'X', language: 'en' } })).resolves.toEqual({ project_id: 2 });
  });

  it('denies grant calls before the user is loaded', async () => {
    resetApiClient();
    await expect(callApi(updateTest, { params: { id: 1 } })).rejects.toBeInstanceOf(SkippedCallError);
  });

  it('counts pending requests', async () => {
    await callApi(getProjects);
    expect(pending).toEqual([1, 0]);
  });
});

describe('HTTP error table (spec 2 §8)', () => {
  const failWith = (status: number) =>
    server.use(http.get('*/v1/intents', () => HttpResponse.json({ message: 'nope' }, { status })));

  it.each([400, 500])('%i shows "Error!"', async (status) => {
    failWith(status);
    const error = await callApi(getIntents).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(status);
    expect(notices).toEqual([expect.objectContaining({ title: 'Error!' })]);
    expect(sessionLost).not.toHaveBeenCalled();
  });

  it("400 shows 'Error!' with the message the server wrote for a person", async () => {
    server.use(
      http.get('*/v1/intents', () =>
        HttpResponse.json({ message: 'Line 3: The file is not a valid CSV (Quote Not Closed)' }, { status: 400 }),
      ),
    );
    await callApi(getIntents).catch(() => {});
    expect(notices).toEqual([
      { title: 'Error!', message: 'Line 3: The file is not a valid CSV (Quote Not Closed)', color: 'red' },
    ]);
  });

  it("500 stays the spec's bare 'Error!' (its message says nothing a person can act on)", async () => {
    server.use(
      http.get('*/v1/intents', () => HttpResponse.json({ message: 'Something went wrong.' }, { status: 500 })),
    );
    await callApi(getIntents).catch(() => {});
    expect(notices).toEqual([{ title: 'Error!', color: 'red' }]);
  });

  it.each([400, 404, 413, 415, 500, 503])(
    'a call whose caller owns the failure: %i is left to it, with the server message',
    async (status) => {
      failWith(status);
      const error = (await callApi(getIntents, { ownsFailure: true }).catch((e: unknown) => e)) as ApiError;
      expect(error.notified).toBe(false);
      expect(error.message).toBe('nope');
      expect(notices).toEqual([]);
    },
  );

  it.each([402, 409])('a call whose caller owns the failure: %i is still the table’s', async (status) => {
    failWith(status);
    const error = (await callApi(getIntents, { ownsFailure: true }).catch((e: unknown) => e)) as ApiError;
    expect(error.notified).toBe(true);
    expect(notices).toHaveLength(1);
  });

  it('a call whose caller owns the failure: an expired session still logs out', async () => {
    failWith(401);
    const error = (await callApi(getIntents, { ownsFailure: true }).catch((e: unknown) => e)) as ApiError;
    expect(error.notified).toBe(true);
    expect(sessionLost).toHaveBeenCalledWith(401);
  });

  it('402 shows the insufficient-permissions texts', async () => {
    failWith(402);
    await expect(callApi(getIntents)).rejects.toBeInstanceOf(ApiError);
    expect(notices).toEqual([
      expect.objectContaining({
        title: 'Insufficient permissions.',
        message: 'If the administrator recently changed permissions, try reload the page.',
      }),
    ]);
  });

  it('409 shows the conflict texts', async () => {
    failWith(409);
    await expect(callApi(getIntents)).rejects.toBeInstanceOf(ApiError);
    expect(notices).toEqual([
      expect.objectContaining({ title: 'Conflict! Data not saved.', message: 'A concurrent edit occurred.' }),
    ]);
  });

  it('no response shows the connection texts', async () => {
    server.use(http.get('*/v1/intents', () => HttpResponse.error()));
    const error = await callApi(getIntents).catch((e: unknown) => e);
    expect((error as ApiError).status).toBeNull();
    expect(notices).toEqual([expect.objectContaining(HTTP_ERROR_TEXTS.noResponse)]);
    expect(HTTP_ERROR_TEXTS.noResponse).toEqual({
      title: 'Backend Connection Error!',
      message: 'Please check your internet connection.',
    });
  });

  it.each([401, 403])('%i logs out (session lost) without a notice', async (status) => {
    failWith(status);
    await expect(callApi(getIntents)).rejects.toBeInstanceOf(ApiError);
    expect(sessionLost).toHaveBeenCalledWith(status);
    expect(notices).toHaveLength(0);
  });

  it('403 does not log out a call that asked to ignore it', async () => {
    failWith(403);
    await expect(callApi(getIntents, { ignore403: true })).rejects.toBeInstanceOf(ApiError);
    expect(sessionLost).not.toHaveBeenCalled();
  });

  it('expected statuses are left to the caller', async () => {
    failWith(401);
    const error = (await callApi(getIntents, { expectedStatuses: [401] }).catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(401);
    expect(error.notified).toBe(false);
    expect(error.data).toEqual({ message: 'nope' });
    expect(sessionLost).not.toHaveBeenCalled();
  });

  it('keeps counting pending requests right when a call fails', async () => {
    failWith(500);
    await callApi(getIntents).catch(() => {});
    expect(pending).toEqual([1, 0]);
  });
});

describe('downloads (CSV exports, stored files)', () => {
  it('sends the scope and the header, and hands over the blob and the file name', async () => {
    server.use(
      http.get('*/v1/users-logs', ({ request }) => {
        seen.push(request);
        return new HttpResponse('id,user\n1,Ada\n', {
          headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="logs.csv"' },
        });
      }),
    );
    const { blob, fileName } = await downloadFromApi('/users-logs', { format: 'csv', search: undefined });
    expect(await blob.text()).toBe('id,user\n1,Ada\n');
    expect(fileName).toBe('logs.csv');
    expect(Object.fromEntries(lastUrl().searchParams)).toEqual({ format: 'csv', user_id: '7', project_id: '1' });
    expect(seen.at(-1)?.headers.get('x-requested-with')).toBe('console');
    expect(pending).toEqual([1, 0]);
  });

  it('an expired session logs out (the login shows), and the caller is told it was handled', async () => {
    server.use(http.get('*/v1/users-logs', () => HttpResponse.json({ message: 'Not logged in.' }, { status: 401 })));
    const error = (await downloadFromApi('/users-logs', {}).catch((e: unknown) => e)) as ApiError;
    expect(sessionLost).toHaveBeenCalledWith(401);
    expect(error.notified).toBe(true);
    expect(notices).toEqual([]);
  });

  it("any other failure is the caller's ('Cannot download file!'), with the server's message", async () => {
    server.use(http.get('*/v1/users-logs', () => HttpResponse.json({ message: 'No such file.' }, { status: 404 })));
    const error = (await downloadFromApi('/users-logs', {}).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.notified).toBe(false);
    expect(error.message).toBe('No such file.');
    expect(notices).toEqual([]);
  });
});

describe('startup loads (spec 2 §7)', () => {
  it('serves a primed answer once to the same call in the same project, then asks the server again', async () => {
    await callApi(getIntents, { primeStartup: true });
    expect(seen).toHaveLength(1);
    await expect(callApi(getIntents, { query: { mtime: undefined } })).resolves.toEqual([{ id: 1 }]);
    expect(seen).toHaveLength(1);
    await callApi(getIntents);
    expect(seen).toHaveLength(2);
  });

  it('does not serve an answer to another query or another project', async () => {
    await callApi(getIntents, { primeStartup: true });
    await callApi(getIntents, { query: { mtime: 5 } });
    expect(seen).toHaveLength(2);
    setApiScope({ projectId: 2 });
    await callApi(getIntents);
    expect(seen).toHaveLength(3);
  });

  it('serves nothing loaded before a change, and nothing after a logout', async () => {
    await callApi(getIntents, { primeStartup: true });
    await callApi(updateIntent, { params: { id: 5 }, body: { name: 'greet' } });
    await callApi(getIntents);
    expect(seen.filter((r) => r.method === 'GET')).toHaveLength(2);

    await callApi(getIntents, { primeStartup: true });
    resetApiClient();
    setApiScope({ user: makeUser(), projectId: 1 });
    await callApi(getIntents);
    expect(seen.filter((r) => r.method === 'GET')).toHaveLength(4);
  });
});

describe('startup loads age', () => {
  it('does not serve an answer older than a minute', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      await callApi(getIntents, { primeStartup: true });
      vi.setSystemTime(Date.now() + STARTUP_ANSWER_MAX_AGE_MS + 1);
      await callApi(getIntents);
      expect(seen).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
