import {
  changeMyPasswd as changeMyPasswdCall,
  login as loginCall,
  logout as logoutCall,
  validatePasswd as validatePasswdCall,
} from './contract/auth.ts';
import type { loginBody, validatePasswdBody } from './contract/auth.ts';
import type { z } from 'zod';
import { callApi } from './client.ts';

/** Login answers 401 (wrong credentials, or 'otp_required') and 429 (suspended): the session machine shows them. */
export const login = (body: z.input<typeof loginBody>) => callApi(loginCall, { body, expectedStatuses: [401, 429] });

export const logout = () => callApi(logoutCall, { expectedStatuses: [401, 403] });

export const validatePasswd = (body: z.input<typeof validatePasswdBody>) => callApi(validatePasswdCall, { body });

export const changeMyPasswd = (userId: number, passwd: string) =>
  callApi(changeMyPasswdCall, { query: { id: userId }, body: { passwd } });
