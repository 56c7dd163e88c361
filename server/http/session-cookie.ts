import type { FastifyReply } from 'fastify';
import { SESSION_ABSOLUTE_SECONDS, SESSION_COOKIE } from '../auth/sessions.ts';

/** The session cookie, set in this one place for password and single sign-on logins alike. */
export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure,
    maxAge: SESSION_ABSOLUTE_SECONDS,
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}
