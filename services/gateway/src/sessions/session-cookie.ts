/** The cookie that carries the session token (identity sets it at login and signup). */
export const SESSION_COOKIE = 'sid';

/**
 * The session token from the Cookie header: only `sid` is read here, without parsing (and
 * decoding) every cookie of every request as a cookie plugin would.
 */
export function sessionToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1 || part.slice(0, eq).trim() !== SESSION_COOKIE) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    if (!value.includes('%')) return value;
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
}
