import type { FastifyRequest } from 'fastify';

/**
 * The gateway resolves the session cookie and forwards the user's id in this header, after
 * removing any such header that came from outside. Services behind it trust it.
 */
export const USER_ID_HEADER = 'x-user-id';

/** The signed-in user's id, or null for a guest. */
export function currentUserId(req: FastifyRequest): string | null {
  const value = req.headers[USER_ID_HEADER];
  return typeof value === 'string' && value.length > 0 ? value : null;
}
