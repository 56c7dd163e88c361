// Single sign-on end to end against a real OpenID provider (oidc-provider) on 127.0.0.1: a good login, and
// forged, mis-addressed or replayed answers that must never log anyone in (QUALITY: single sign-on, ASVS 6.8.1).
import { createPrivateKey, generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { oidcTestHooks } from '../../server/auth/oidc.ts';
import { ROLES_FROM_DIRECTORY } from '../../src/api/contract/sso.ts';
import { type TestApp, createTestApp } from './helpers/test-app.ts';

const CLIENT_ID = 'console';
const CLIENT_SECRET = 'a-long-client-secret-for-the-test-provider';
const REDIRECT_URI = 'http://127.0.0.1:5173/';
const VICTIM_EMAIL = 'victim@example.com';

interface Account {
  email: string;
  email_verified: boolean;
  /** The directory's groups (role synchronisation). */
  groups?: string[];
}
const accounts = new Map<string, Account>();
/** Who the provider logs in at its next interaction. */
let nextAccount = 'victim-sub';

const { privateKey: providerKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const { privateKey: attackerKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const providerJwk = { ...providerKey.export({ format: 'jwk' }), kid: 'provider-key', alg: 'RS256', use: 'sig' };

let provider: Provider;
let server: http.Server;
let issuer = '';
/** Rewrites the ID token of the next token response (a man in the middle, or a lying provider). */
let tamper: ((idToken: string) => string) | null = null;

beforeAll(async () => {
  server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: [REDIRECT_URI],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [providerJwk as never] },
    cookies: { keys: ['test-cookie-key-0123456789'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['groups'] },
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    async findAccount(_ctx, sub) {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return { accountId: sub, claims: async () => ({ sub, ...account }) };
    },
    // Consent is implied for the test client.
    async loadExistingGrant(ctx) {
      const session = ctx.oidc.session;
      const client = ctx.oidc.client;
      if (!session?.accountId || !client) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  const callback = provider.callback();
  server.on('request', async (req, res) => {
    if (req.url?.startsWith('/interaction/')) {
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: nextAccount } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    callback(req, res);
  });

  oidcTestHooks.fetch = async (url, options) => {
    const response = await fetch(url, options as RequestInit);
    if (!tamper || !String(url).endsWith('/token')) return response;
    const body = (await response.json()) as { id_token: string };
    body.id_token = tamper(body.id_token);
    return new Response(JSON.stringify(body), {
      status: response.status,
      headers: { 'content-type': 'application/json' },
    });
  };
});

afterAll(async () => {
  oidcTestHooks.fetch = undefined;
  await new Promise((resolve) => server.close(resolve));
});

let t: TestApp;
beforeEach(async () => {
  accounts.clear();
  accounts.set('victim-sub', { email: VICTIM_EMAIL, email_verified: true });
  nextAccount = 'victim-sub';
  tamper = null;
  // What server/config.ts reads from OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET and OIDC_REDIRECT_URI.
  t = await createTestApp({
    config: { oidc: { issuer, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, redirectUri: REDIRECT_URI } },
  });
});
afterEach(async () => {
  await t.close();
});

// --- helpers -------------------------------------------------------------------------------------------------------

const b64url = (value: Buffer | string) => Buffer.from(value).toString('base64url');

function decode(jwt: string): { header: Record<string, unknown>; payload: Record<string, unknown> } {
  const [header, payload] = jwt.split('.');
  return {
    header: JSON.parse(Buffer.from(header ?? '', 'base64url').toString()),
    payload: JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()),
  };
}

/** Re-signs an ID token with changed claims, with the provider's key (a lying provider) or another key (a forger). */
function resign(jwt: string, changes: Record<string, unknown>, key: KeyObject = providerKey): string {
  const { header, payload } = decode(jwt);
  const input = `${b64url(JSON.stringify(header))}.${b64url(JSON.stringify({ ...payload, ...changes }))}`;
  return `${input}.${b64url(sign('sha256', Buffer.from(input), createPrivateKey(key.export({ format: 'pem', type: 'pkcs8' }))))}`;
}

/** Starts a sign-on in the console and walks the provider's pages like a browser, up to the redirect back. */
async function signOnAtProvider(): Promise<{ code: string; state: string; iss?: string; binding: string }> {
  const start = await t.app.inject({ method: 'POST', url: '/v1/integrations/msal/sso-login' });
  expect(start.statusCode).toBe(200);
  const binding = start.cookies.find((c) => c.name === 'console_sso');
  expect(binding?.httpOnly).toBe(true);
  const jar = new Map<string, string>();
  let url = start.json().msal_url as string;
  expect(url.startsWith(`${issuer}/auth?`)).toBe(true);
  const params = new URL(url).searchParams;
  expect(params.get('code_challenge_method')).toBe('S256');
  expect(params.get('state')).toBeTruthy();
  expect(params.get('nonce')).toBeTruthy();
  for (let hop = 0; hop < 10; hop++) {
    const response = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...value] = (pair ?? '').split('=');
      if (name) jar.set(name.trim(), value.join('='));
    }
    const location = response.headers.get('location');
    if (!location) throw new Error(`provider stopped at ${url} with ${response.status}: ${await response.text()}`);
    const next = new URL(location, url);
    if (next.href.startsWith(REDIRECT_URI)) {
      const code = next.searchParams.get('code');
      const state = next.searchParams.get('state');
      if (!code || !state) throw new Error(`no code in ${next.href}`);
      return { code, state, iss: next.searchParams.get('iss') ?? undefined, binding: binding?.value ?? '' };
    }
    url = next.href;
  }
  throw new Error('too many redirects at the provider');
}

async function completeSignOn(answer: { code: string; state: string; iss?: string; binding: string }) {
  return t.app.inject({
    method: 'POST',
    url: '/v1/integrations/msal/sso-cb',
    payload: { code: answer.code, state: answer.state, ...(answer.iss ? { iss: answer.iss } : {}) },
    headers: { cookie: `console_sso=${answer.binding}` },
  });
}

async function createVictim(): Promise<number> {
  await t.createUser({ email: VICTIM_EMAIL, roleId: 3 });
  const row = await t.db.selectFrom('users').select('id').where('email', '=', VICTIM_EMAIL).executeTakeFirstOrThrow();
  return row.id;
}

async function expectNoLogin(response: Awaited<ReturnType<typeof completeSignOn>>) {
  expect(response.statusCode).toBe(401);
  expect(response.json().message).toBe('Single sign-on failed.');
  expect(response.cookies.find((c) => c.name === 'console_session' && c.value)).toBeUndefined();
}

// --- tests ---------------------------------------------------------------------------------------------------------

describe('single sign-on', () => {
  it('says it is enabled when configured, and is off (button hidden, 404) without the settings', async () => {
    const config = await t.app.inject({ method: 'GET', url: '/v1/integrations/msal/config' });
    expect(config.json()).toEqual({ enabled: true, roles_from_directory: false });
    const off = await createTestApp({ config: { oidc: null } });
    try {
      expect((await off.app.inject({ method: 'GET', url: '/v1/integrations/msal/config' })).json()).toEqual({
        enabled: false,
        roles_from_directory: false,
      });
      const start = await off.app.inject({ method: 'POST', url: '/v1/integrations/msal/sso-login' });
      expect(start.statusCode).toBe(404);
      const done = await off.app.inject({
        method: 'POST',
        url: '/v1/integrations/msal/sso-cb',
        payload: { code: 'x', state: 'y' },
      });
      expect(done.statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });

  it('logs in a user with a verified address, links issuer + subject, and sets the session cookie', async () => {
    const victimId = await createVictim();
    const answer = await signOnAtProvider();
    const done = await completeSignOn(answer);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ email: VICTIM_EMAIL, token: 'cookie', user: { id: victimId } });
    const session = done.cookies.find((c) => c.name === 'console_session');
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe('Strict');
    const me = await t.call('GET', '/v1/users/me', {
      as: { cookie: `console_session=${session?.value}`, userId: victimId },
    });
    expect(me.json().email).toBe(VICTIM_EMAIL);
    const link = await t.db.selectFrom('external_identities').selectAll().execute();
    expect(link.map((l) => [l.issuer, l.subject, l.user_id])).toEqual([[issuer, 'victim-sub', victimId]]);
    // Once linked, the subject alone decides: a changed address at the provider still logs the same user in.
    accounts.set('victim-sub', { email: 'renamed@example.com', email_verified: false });
    const again = await completeSignOn(await signOnAtProvider());
    expect(again.statusCode).toBe(200);
    expect(again.json().user.id).toBe(victimId);
    const logs = await t.db.selectFrom('users_logs').select('action').where('user_id', '=', victimId).execute();
    expect(logs.filter((l) => l.action === 'Logged in by single sign-on')).toHaveLength(2);
  });

  it("refuses another subject carrying the victim's verified address once the victim is linked", async () => {
    await createVictim();
    expect((await completeSignOn(await signOnAtProvider())).statusCode).toBe(200);
    accounts.set('attacker-sub', { email: VICTIM_EMAIL, email_verified: true });
    nextAccount = 'attacker-sub';
    await expectNoLogin(await completeSignOn(await signOnAtProvider()));
  });

  it("refuses another subject with the victim's address when the provider does not vouch for it", async () => {
    await createVictim();
    accounts.set('attacker-sub', { email: VICTIM_EMAIL, email_verified: false });
    nextAccount = 'attacker-sub';
    await expectNoLogin(await completeSignOn(await signOnAtProvider()));
    expect(await t.db.selectFrom('external_identities').selectAll().execute()).toEqual([]);
  });

  it('refuses a subject that matches no user', async () => {
    accounts.set('stranger-sub', { email: 'stranger@example.com', email_verified: true });
    nextAccount = 'stranger-sub';
    await expectNoLogin(await completeSignOn(await signOnAtProvider()));
  });

  it('accepts a token re-signed unchanged with the provider key (so the refusals below are the checks at work)', async () => {
    const victimId = await createVictim();
    let tampered = 0;
    tamper = (jwt) => {
      tampered++;
      return resign(jwt, {});
    };
    const done = await completeSignOn(await signOnAtProvider());
    expect(tampered).toBe(1);
    expect(done.statusCode).toBe(200);
    expect(done.json().user.id).toBe(victimId);
  });

  it("refuses a forged ID token (the victim's subject and address, signed with another key)", async () => {
    await createVictim();
    accounts.set('attacker-sub', { email: 'attacker@example.com', email_verified: true });
    nextAccount = 'attacker-sub';
    tamper = (jwt) => resign(jwt, { sub: 'victim-sub', email: VICTIM_EMAIL }, attackerKey);
    await expectNoLogin(await completeSignOn(await signOnAtProvider()));
  });

  it('refuses an ID token for another audience', async () => {
    await createVictim();
    tamper = (jwt) => resign(jwt, { aud: 'some-other-client' });
    await expectNoLogin(await completeSignOn(await signOnAtProvider()));
  });

  it('refuses an ID token from another issuer', async () => {
    await createVictim();
    tamper = (jwt) => resign(jwt, { iss: 'http://127.0.0.1:1/evil' });
    await expectNoLogin(await completeSignOn(await signOnAtProvider()));
  });

  it('refuses an ID token with another nonce (tampered token, and a tampered stored flow)', async () => {
    await createVictim();
    tamper = (jwt) => resign(jwt, { nonce: 'not-the-nonce' });
    await expectNoLogin(await completeSignOn(await signOnAtProvider()));
    tamper = null;
    const answer = await signOnAtProvider();
    await t.db
      .updateTable('oidc_flows')
      .set({ nonce: 'changed-on-the-server' })
      .where('state', '=', answer.state)
      .execute();
    await expectNoLogin(await completeSignOn(answer));
  });

  it('refuses an expired ID token', async () => {
    await createVictim();
    tamper = (jwt) =>
      resign(jwt, { exp: Math.floor(Date.now() / 1000) - 3600, iat: Math.floor(Date.now() / 1000) - 7200 });
    await expectNoLogin(await completeSignOn(await signOnAtProvider()));
  });

  it('refuses a replayed state, an unknown state and a flow finished in another browser', async () => {
    await createVictim();
    const answer = await signOnAtProvider();
    expect((await completeSignOn(answer)).statusCode).toBe(200);
    await expectNoLogin(await completeSignOn(answer));
    await expectNoLogin(await completeSignOn({ ...answer, state: 'unknown-state' }));
    const other = await signOnAtProvider();
    await expectNoLogin(await completeSignOn({ ...other, binding: 'someone-elses-binding' }));
  });

  it('refuses an expired flow', async () => {
    await createVictim();
    const answer = await signOnAtProvider();
    await t.db
      .updateTable('oidc_flows')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    await expectNoLogin(await completeSignOn(answer));
  });

  it('refuses a deactivated user even with a linked identity', async () => {
    const victimId = await createVictim();
    expect((await completeSignOn(await signOnAtProvider())).statusCode).toBe(200);
    await t.db.updateTable('users').set({ is_active: false }).where('id', '=', victimId).execute();
    await expectNoLogin(await completeSignOn(await signOnAtProvider()));
  });

  it('with role synchronisation, each sign-on sets the project roles from the directory and the console may not change them', async () => {
    await t.close();
    t = await createTestApp({
      config: {
        oidc: {
          issuer,
          clientId: CLIENT_ID,
          clientSecret: CLIENT_SECRET,
          redirectUri: REDIRECT_URI,
          roleSync: { claim: 'groups', map: { 'bot-viewers': { '1': 'Viewer' }, 'bot-editors': { '1': 'Editor' } } },
        },
      },
    });
    const victimId = await createVictim();
    const rolesOf = async () =>
      (
        await t.db
          .selectFrom('user_projects')
          .innerJoin('roles', 'roles.id', 'user_projects.role_id')
          .select(['user_projects.project_id', 'roles.name'])
          .where('user_id', '=', victimId)
          .execute()
      ).map((r) => `${r.project_id}:${r.name}`);
    expect(await rolesOf()).toEqual(['1:Viewer']);

    accounts.set('victim-sub', { email: VICTIM_EMAIL, email_verified: true, groups: ['bot-editors', 'unrelated'] });
    expect((await completeSignOn(await signOnAtProvider())).statusCode).toBe(200);
    expect(await rolesOf()).toEqual(['1:Editor']);
    // Out of every mapped group: out of every project.
    accounts.set('victim-sub', { email: VICTIM_EMAIL, email_verified: true, groups: ['unrelated'] });
    expect((await completeSignOn(await signOnAtProvider())).statusCode).toBe(200);
    expect(await rolesOf()).toEqual([]);
    const logs = await t.db.selectFrom('users_logs').select('action').where('user_id', '=', victimId).execute();
    expect(logs.map((l) => l.action)).toContain('Roles synchronised from the corporate directory (project 1: Editor)');
    expect(logs.map((l) => l.action)).toContain('Roles synchronised from the corporate directory (none)');

    const config = await t.app.inject({ method: 'GET', url: '/v1/integrations/msal/config' });
    expect(config.json()).toEqual({ enabled: true, roles_from_directory: true });
    const admin = await t.admin();
    const members = await t.call('GET', '/v1/users/projects', { as: admin });
    const refused = await t.call('PUT', '/v1/users/projects', {
      as: admin,
      query: { atime: members.headers['x-atime'] as string },
      body: [{ project_id: 1, users: [{ user_id: victimId, role_id: 1 }] }],
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(ROLES_FROM_DIRECTORY);
    expect(await rolesOf()).toEqual([]);
  });
});
