// server/config.ts is the one place the environment is read: single sign-on and the upload limit are validated there.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../server/config.ts';
import { DEFAULT_UPLOAD_MAX_BYTES } from '../../src/api/contract/storage.ts';

const oidcEnv = {
  OIDC_ISSUER: 'https://login.microsoftonline.com/tenant/v2.0',
  OIDC_CLIENT_ID: 'console',
  OIDC_CLIENT_SECRET: 'secret',
  OIDC_REDIRECT_URI: 'https://console.example.com/',
};

describe('server configuration', () => {
  it('reads the SMTP server of email reports from SMTP_URL or SMTP_HOST…, SMTP_FROM required with it', () => {
    expect(readConfig({}).smtp).toBeNull();
    expect(readConfig({ SMTP_URL: 'smtp://mail.example.com:2525', SMTP_FROM: 'bot@example.com' }).smtp).toEqual({
      url: 'smtp://mail.example.com:2525',
      from: 'bot@example.com',
    });
    const built = readConfig({
      SMTP_HOST: 'mail.example.com',
      SMTP_PORT: '465',
      SMTP_USER: 'bot@example.com',
      SMTP_PASS: 'p@ss:word',
      SMTP_FROM: 'bot@example.com',
    }).smtp;
    expect(built?.url).toBe('smtps://bot%40example.com:p%40ss%3Aword@mail.example.com:465');
    expect(readConfig({ SMTP_HOST: 'mail.example.com', SMTP_FROM: 'b@example.com' }).smtp?.url).toBe(
      'smtp://mail.example.com:587',
    );
    expect(() => readConfig({ SMTP_URL: 'smtp://mail.example.com' })).toThrow(/SMTP_FROM/);
    expect(() => readConfig({ SMTP_URL: 'http://mail.example.com', SMTP_FROM: 'b@example.com' })).toThrow(/SMTP_URL/);
  });

  it('turns single sign-on off without the OIDC variables and on with all four', () => {
    expect(readConfig({}).oidc).toBeNull();
    expect(readConfig(oidcEnv).oidc).toEqual({
      issuer: oidcEnv.OIDC_ISSUER,
      clientId: 'console',
      clientSecret: 'secret',
      redirectUri: oidcEnv.OIDC_REDIRECT_URI,
      roleSync: null,
    });
  });

  it('reads role synchronisation from OIDC_ROLES_CLAIM and OIDC_ROLE_MAP, both or neither, the map checked', () => {
    const map = { 'bot-editors': { '1': 'Editor' } };
    expect(
      readConfig({ ...oidcEnv, OIDC_ROLES_CLAIM: 'groups', OIDC_ROLE_MAP: JSON.stringify(map) }).oidc?.roleSync,
    ).toEqual({ claim: 'groups', map });
    expect(() => readConfig({ ...oidcEnv, OIDC_ROLES_CLAIM: 'groups' })).toThrow('needs both');
    for (const bad of ['not json', '[]', '{"g": {"x": "Editor"}}', '{"g": {"1": ""}}', '{"g": "Editor"}'])
      expect(() => readConfig({ ...oidcEnv, OIDC_ROLES_CLAIM: 'groups', OIDC_ROLE_MAP: bad })).toThrow(
        'OIDC_ROLE_MAP must be JSON',
      );
  });

  it('refuses half a single sign-on configuration and issuers that are not URLs', () => {
    const { OIDC_CLIENT_SECRET: _secret, ...missingSecret } = oidcEnv;
    expect(() => readConfig(missingSecret)).toThrow('set OIDC_CLIENT_SECRET as well');
    expect(() => readConfig({ ...oidcEnv, OIDC_ISSUER: 'not a url' })).toThrow('OIDC_ISSUER must be a URL.');
  });

  it('reads the upload limit, defaulting to 10 MB, and refuses one that is not a positive number of bytes', () => {
    expect(readConfig({}).uploadMaxBytes).toBe(DEFAULT_UPLOAD_MAX_BYTES);
    expect(readConfig({ UPLOAD_MAX_BYTES: '65536' }).uploadMaxBytes).toBe(65536);
    for (const bad of ['abc', '0', '-5', '1.5']) {
      expect(() => readConfig({ UPLOAD_MAX_BYTES: bad })).toThrow('UPLOAD_MAX_BYTES must be a positive whole number');
    }
  });

  it('reads the CSV import and chat attachment limits (20 MB and 5 MB by default) the same way', () => {
    expect(readConfig({})).toMatchObject({ importMaxBytes: 20 * 1024 * 1024, attachmentMaxBytes: 5 * 1024 * 1024 });
    expect(readConfig({ IMPORT_MAX_BYTES: '65536', CHAT_ATTACHMENT_MAX_BYTES: '1024' })).toMatchObject({
      importMaxBytes: 65536,
      attachmentMaxBytes: 1024,
    });
    expect(() => readConfig({ IMPORT_MAX_BYTES: '1e9x' })).toThrow('IMPORT_MAX_BYTES must be a positive whole number');
    expect(() => readConfig({ CHAT_ATTACHMENT_MAX_BYTES: '0' })).toThrow(
      'CHAT_ATTACHMENT_MAX_BYTES must be a positive whole number',
    );
  });

  it('reads the proxy, job and speech variables', () => {
    expect(readConfig({})).toMatchObject({
      trustProxy: false,
      jobsInProcess: true,
      jobConcurrency: 1,
      espeakBinary: 'espeak-ng',
    });
    expect(
      readConfig({ TRUST_PROXY: '1', JOBS_IN_PROCESS: '0', JOB_CONCURRENCY: '3', ESPEAK_BINARY: '/opt/espeak' }),
    ).toMatchObject({ trustProxy: true, jobsInProcess: false, jobConcurrency: 3, espeakBinary: '/opt/espeak' });
  });

  it('is the only server file that reads process.env', () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const hits = execFileSync('grep', ['-rln', 'process.env', 'server'], { cwd: root, encoding: 'utf8' })
      .split('\n')
      .filter(Boolean);
    expect(hits).toEqual(['server/config.ts']);
  });

  it('turns /metrics on with METRICS_TOKEN only, and refuses a token short enough to guess', () => {
    expect(readConfig({}).metricsToken).toBeNull();
    expect(readConfig({ METRICS_TOKEN: '' }).metricsToken).toBeNull();
    expect(readConfig({ METRICS_TOKEN: 'a-long-enough-token-0123' }).metricsToken).toBe('a-long-enough-token-0123');
    expect(() => readConfig({ METRICS_TOKEN: 'short' })).toThrow('METRICS_TOKEN must be at least 16 characters long.');
  });
});
