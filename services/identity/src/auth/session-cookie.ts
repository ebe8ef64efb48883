import type { CookieSerializeOptions } from '@fastify/cookie';
import { SIGNED_IN_HINT_COOKIE } from '@waco/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_LIFETIME_MS } from '../domain/session';
import { SESSION_COOKIE } from './session-token';

function cookieOptions(production: boolean): CookieSerializeOptions {
  return { httpOnly: true, sameSite: 'lax', path: '/', secure: production };
}

/**
 * Sets the session cookie: HttpOnly, SameSite=Lax, Path=/, Secure in production, 30 days; and
 * beside it the hint the web app reads (`SIGNED_IN_HINT_COOKIE`, no secret in it).
 */
export function setSessionCookie(reply: FastifyReply, token: string, production: boolean) {
  const maxAge = Math.floor(SESSION_LIFETIME_MS / 1000);
  reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(production), maxAge });
  reply.setCookie(SIGNED_IN_HINT_COOKIE, '1', { ...cookieOptions(production), httpOnly: false, maxAge });
}

export function clearSessionCookie(reply: FastifyReply, production: boolean) {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(production));
  reply.clearCookie(SIGNED_IN_HINT_COOKIE, { ...cookieOptions(production), httpOnly: false });
}

/** The session token the browser sent, if any (the gateway forwards cookies). */
export function sessionTokenOf(req: FastifyRequest): string | undefined {
  const token = req.cookies[SESSION_COOKIE];
  return token ? token : undefined;
}
