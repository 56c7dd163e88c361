import { z } from 'zod';
import { defineCall, publicAccess, sessionAccess } from './call.ts';
import { okResponse, scopeQuery } from './common.ts';
import { currentUser } from './users.ts';

export const ACCOUNT_SUSPENDED = 'Account suspended. Please try later.';
export const LOGIN_FAILED = 'Login failed.';

export const loginBody = z.object({
  email: z.string().trim().min(1).max(320),
  passwd: z.string().min(1).max(1024),
  otp: z
    .string()
    .regex(/^\d{6}$/)
    .optional(),
});

export const login = defineCall({
  name: 'login',
  method: 'POST',
  path: '/auth/login',
  resource: '/auth',
  access: publicAccess,
  body: loginBody,
  response: z.object({ status: z.literal('ok'), user: currentUser }),
  atimeExempt: true,
  summary: 'Log in with email, password and, when enrolled, a one-time code; sets the session cookie.',
});

export const logout = defineCall({
  name: 'logout',
  method: 'POST',
  path: '/auth/logout',
  resource: '/auth',
  access: publicAccess,
  query: scopeQuery,
  response: okResponse,
  atimeExempt: true,
});

export const validatePasswdBody = z.object({
  passwd: z.string().max(4096),
  email: z.string().max(320).default(''),
  name: z.string().max(200).default(''),
});
export const validatePasswdResponse = z.object({ status: z.enum(['ok', 'error']), msg: z.string() });

export const validatePasswd = defineCall({
  name: 'validatePasswd',
  method: 'POST',
  path: '/users/validate-passwd',
  resource: '/users/validate-passwd',
  access: sessionAccess,
  query: scopeQuery,
  body: validatePasswdBody,
  response: validatePasswdResponse,
  atimeExempt: true,
});

/** Refusals of an own password change (issue 34), shown as the dialog's message. */
export const CURRENT_PASSWORD_REQUIRED = 'Enter your current password.';
export const CURRENT_PASSWORD_WRONG = 'The current password is not correct.';
export const PASSWORD_NOT_NEW = 'The new password must differ from your current one (and from a one-off password).';

/**
 * The user's own new password. The current one is asked for unless it has expired (the forced change right after
 * signing in with it); the new one must pass the policy and differ from the current (or one-off) one.
 */
export const changeMyPasswd = defineCall({
  name: 'changeMyPasswd',
  method: 'PUT',
  path: '/users/change-my-passwd',
  resource: '/users/change-my-passwd',
  access: sessionAccess,
  query: scopeQuery.extend({ id: z.coerce.number().int().optional() }),
  body: z.object({ passwd: z.string().min(1).max(4096), current_passwd: z.string().max(4096).optional() }),
  response: okResponse,
  atimeExempt: true,
});
