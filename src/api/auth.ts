import { changeMyPasswd, login, logout, validatePasswd } from './contract/auth.ts';
import type { loginBody, validatePasswdBody } from './contract/auth.ts';
import type { z } from 'zod';
import { callApi } from './client.ts';

/** Login answers 401 (wrong credentials, or 'otp_required') and 429 (suspended): the session machine shows them. */
export const submitLogin = (body: z.input<typeof loginBody>) => callApi(login, { body, expectedStatuses: [401, 429] });

export const endSession = () => callApi(logout, { expectedStatuses: [401, 403] });

export const checkNewPassword = (body: z.input<typeof validatePasswdBody>) => callApi(validatePasswd, { body });

/** A refusal (400, 429) is the dialog's message, with no toast beside it; `current` is empty in the forced change. */
export const changeMyPassword = (userId: number, passwd: string, current: string) =>
  callApi(changeMyPasswd, {
    query: { id: userId },
    body: { passwd, ...(current ? { current_passwd: current } : {}) },
    ownsFailure: true,
  });
