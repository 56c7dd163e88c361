import { z } from 'zod';
import { defineCall, publicAccess } from './call.ts';
import { scopeQuery } from './common.ts';
import { currentUser } from './users.ts';

// Corporate single sign-on by OpenID Connect (spec 1 §7: the "msal" paths are kept for the console's sake).
export const SSO_FAILED = 'Single sign-on failed.';

/** Whether the server has a provider configured; the login screen shows the SSO button only then. */
export const getSsoConfig = defineCall({
  name: 'getSsoConfig',
  method: 'GET',
  path: '/integrations/msal/config',
  resource: '/integrations/msal',
  access: publicAccess,
  query: scopeQuery,
  response: z.object({
    enabled: z.boolean(),
    /** Roles come from the corporate directory at each sign-on: the console shows the assignments read-only. */
    roles_from_directory: z.boolean(),
  }),
});

/** Spec 1 §6: with role synchronisation, role management is described as done in the corporate directory. */
export const ROLES_FROM_DIRECTORY = 'Role management is done in the corporate directory.';

/** Starts a sign-on: the provider's authorization URL (state, nonce, PKCE kept on the server). */
export const ssoLogin = defineCall({
  name: 'ssoLogin',
  method: 'POST',
  path: '/integrations/msal/sso-login',
  resource: '/integrations/msal',
  access: publicAccess,
  query: scopeQuery,
  response: z.object({ msal_url: z.string() }),
  atimeExempt: true,
});

/** Completes it with the `code` and `state` the provider sent back to the login page. */
export const ssoCallbackBody = z.object({
  code: z.string().min(1).max(4096),
  state: z.string().min(1).max(512),
  /** RFC 9207 issuer of the response, when the provider sends one. */
  iss: z.string().max(512).optional(),
});

export const ssoCallback = defineCall({
  name: 'ssoCallback',
  method: 'POST',
  path: '/integrations/msal/sso-cb',
  resource: '/integrations/msal',
  access: publicAccess,
  query: scopeQuery,
  body: ssoCallbackBody,
  response: z.object({
    email: z.string(),
    /** Always 'cookie': the session travels only in the HttpOnly cookie, never to scripts. */
    token: z.literal('cookie'),
    user: currentUser,
  }),
  atimeExempt: true,
});
