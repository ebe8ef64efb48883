import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_LIFETIME_MS } from '../domain/session';
import { SESSION_COOKIE } from './session-token';

function cookieOptions(production: boolean): CookieSerializeOptions {
  return { httpOnly: true, sameSite: 'lax', path: '/', secure: production };
}

/** Sets the session cookie: HttpOnly, SameSite=Lax, Path=/, Secure in production, 30 days. */
export function setSessionCookie(reply: FastifyReply, token: string, production: boolean) {
  reply.setCookie(SESSION_COOKIE, token, {
    ...cookieOptions(production),
    maxAge: Math.floor(SESSION_LIFETIME_MS / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply, production: boolean) {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(production));
}

/** The session token the browser sent, if any (the gateway forwards cookies). */
export function sessionTokenOf(req: FastifyRequest): string | undefined {
  const token = req.cookies[SESSION_COOKIE];
  return token ? token : undefined;
}
