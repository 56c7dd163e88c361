import type { z } from 'zod';
import type { ssoCallbackBody } from './contract/sso.ts';
import { getSsoConfig, ssoCallback, ssoLogin } from './contract/sso.ts';
import { callApi } from './client.ts';

/** Whether to show the SSO button on the login screen. */
export const loadSsoConfig = () => callApi(getSsoConfig);

/** The provider's authorization URL to send the browser to. */
// Any failure is the login screen's one toast, 'Login failed.' with the server's reason (ownsFailure).
export const startSsoLogin = () => callApi(ssoLogin, { expectedStatuses: [404, 503], ownsFailure: true });

/** Finishes the sign-on with the `code`, `state` (and `iss`) the provider put in the login page's query. */
export const completeSsoLogin = (body: z.input<typeof ssoCallbackBody>) =>
  callApi(ssoCallback, { body, expectedStatuses: [401, 404], ownsFailure: true });

/** The provider's answer in the page address (real query, or the query inside the hash route), if any. */
export function ssoResponseInLocation(
  loc: Pick<Location, 'search' | 'hash'> = location,
): z.input<typeof ssoCallbackBody> | null {
  const hashQuery = loc.hash.includes('?') ? loc.hash.slice(loc.hash.indexOf('?')) : '';
  for (const search of [loc.search, hashQuery]) {
    const params = new URLSearchParams(search);
    const code = params.get('code');
    const state = params.get('state');
    if (code && state) return { code, state, ...(params.get('iss') ? { iss: params.get('iss') ?? undefined } : {}) };
  }
  return null;
}
