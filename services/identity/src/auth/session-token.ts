import { createHash, randomBytes } from 'node:crypto';

/** The cookie that carries the session token. */
export const SESSION_COOKIE = 'sid';

/** A new session token: 256 random bits, URL- and cookie-safe. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The session's id, as stored in `sessions.sid` and named in events: the SHA-256 of the token.
 * A leaked database or event log therefore holds no usable cookie.
 */
export function sessionIdOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
