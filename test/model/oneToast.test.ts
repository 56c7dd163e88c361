// Issue 33 item 5 through the real client: a screen's chart with its real effects (provide.ts), the API wrappers and
// the client's error table, a server answering with msw. A failure shows one toast a person can act on, with the
// server's words when it wrote them for a person, and none after a 401 (the session machine shows the login).
import { notifications } from '@mantine/notifications';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { configureApiClient, resetApiClient, setApiScope } from '../../src/api/client.ts';
import { LOGIN_FAILED } from '../../src/api/contract/auth.ts';
import { CANNOT_DELETE_FILE } from '../../src/api/contract/storage.ts';
import { showNotice } from '../../src/console/notices.ts';
import { providedSsoLoginMachine } from '../../src/machines/ssoLogin/provide.ts';
import { providedStorageUploadMachine } from '../../src/machines/storageUpload/provide.ts';
import { type ShownToast, shownToasts, toastsAddedBy } from './toasts.ts';
import { makeUser } from './userFixtures.ts';

const listed = {
  name: 'prices.csv',
  size: 3,
  type: 'text/csv',
  version: 1,
  updated: '2026-01-01T00:00:00.000Z',
  by: 'A',
};
const server = setupServer(
  http.get('*/v1/storage', () => HttpResponse.json([listed])),
  http.get('*/v1/integrations/msal/config', () => HttpResponse.json({ enabled: true, roles_from_directory: false })),
);
const sessionLost = vi.fn();
const fail = (status: number, message: string) => HttpResponse.json({ message }, { status });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => {
  server.close();
  configureApiClient({ notify: () => {}, onSessionLost: () => {} });
  resetApiClient();
});
beforeEach(() => {
  resetApiClient();
  sessionLost.mockReset();
  notifications.clean();
  configureApiClient({ notify: showNotice, onSessionLost: sessionLost });
  setApiScope({ user: makeUser(), projectId: 1 });
});
afterEach(() => server.resetHandlers());

/** The toasts one refused delete of a listed file adds. */
async function deleteAnswered(answer: () => Response): Promise<ShownToast[]> {
  server.use(http.delete('*/v1/file', answer));
  const actor = createActor(providedStorageUploadMachine).start();
  await waitFor(actor, (s) => s.matches('idle'));
  const added = await toastsAddedBy(async () => {
    actor.send({ type: 'file.delete', name: listed.name });
    actor.send({ type: 'delete.confirm' });
    await waitFor(actor, (s) => s.matches('idle'));
  });
  actor.stop();
  return added;
}

/** The toasts a failed start of single sign-on adds. */
async function ssoStartAnswered(answer: () => Response): Promise<ShownToast[]> {
  server.use(http.post('*/v1/integrations/msal/sso-login', answer));
  const actor = createActor(providedSsoLoginMachine, { input: { response: null } }).start();
  await waitFor(actor, (s) => s.matches('ready'));
  const added = await toastsAddedBy(async () => {
    actor.send({ type: 'sso.start' });
    await waitFor(actor, (s) => s.matches('ready'));
  });
  actor.stop();
  return added;
}

describe('one toast per failure, through the client', () => {
  it('storage delete: a refusal is one toast with the server’s words, no Error! beside it', async () => {
    const added = await deleteAnswered(() => fail(404, 'No file named prices.csv.'));
    expect(added).toEqual([{ title: CANNOT_DELETE_FILE, message: 'No file named prices.csv.', color: 'red' }]);
  });

  it('storage delete: a 500 is one toast, without the server’s "Something went wrong."', async () => {
    const added = await deleteAnswered(() => fail(500, 'Something went wrong.'));
    expect(added).toEqual([{ title: CANNOT_DELETE_FILE, message: '', color: 'red' }]);
  });

  it('storage delete: after a 401 nothing is said, the session is gone', async () => {
    const added = await deleteAnswered(() => fail(401, 'Not logged in.'));
    expect(added).toEqual([]);
    expect(sessionLost).toHaveBeenCalledWith(401);
  });

  it('single sign-on: a failed start is one toast, Login failed., no Error! beside it', async () => {
    const added = await ssoStartAnswered(() => fail(500, 'Something went wrong.'));
    expect(added).toEqual([{ title: LOGIN_FAILED, message: '', color: 'red' }]);
  });

  it('no response: the client’s Backend Connection Error! alone', async () => {
    const added = await deleteAnswered(() => HttpResponse.error());
    expect(added.map((t) => t.title)).toEqual(['Backend Connection Error!']);
    expect(shownToasts().some((t) => t.title === CANNOT_DELETE_FILE)).toBe(false);
  });
});
