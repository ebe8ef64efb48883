import type { FastifyReply, FastifyRequest } from 'fastify';
import { KNOWN_DEVICE_LIFETIME_MS } from '../domain/login-throttle';
import { newSessionToken, sessionIdOf } from './session-token';

/**
 * The device cookie: a random token given at sign-in, whose hash names the device in
 * `known_devices` (see domain/login-throttle.ts). It is no session: it signs nobody in, and is
 * sent only with sign-ins (Path=/api/login), never read by the web app (HttpOnly).
 */
export const DEVICE_COOKIE = 'did';
const DEVICE_COOKIE_PATH = '/api/login';

/** A new device token (as random as a session's). */
export const newDeviceToken = newSessionToken;
/** The device's id in `known_devices`: the token's SHA-256, so a leaked table holds no cookie. */
export const deviceTokenHash = sessionIdOf;

/** The device token the browser sent, if any and if it looks like one of ours. */
export function deviceTokenOf(req: FastifyRequest): string | undefined {
  const token = req.cookies[DEVICE_COOKIE];
  return token && /^[A-Za-z0-9_-]{43}$/.test(token) ? token : undefined;
}

/** Sets (or renews) the device cookie for its full lifetime. */
export function setDeviceCookie(reply: FastifyReply, token: string, production: boolean) {
  reply.setCookie(DEVICE_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    path: DEVICE_COOKIE_PATH,
    secure: production,
    maxAge: Math.floor(KNOWN_DEVICE_LIFETIME_MS / 1000),
  });
}
