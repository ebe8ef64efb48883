import { MESSAGES, Uuid } from '@waco/contracts';
import { requireUserId, unauthorized } from '@waco/platform';
import type { FastifyRequest } from 'fastify';

/**
 * The signed-in user's id, from the header the gateway sets; 401 when absent. A value that is
 * not a uuid cannot name a user, so it is treated as signed out rather than reaching a query.
 */
export function signedInUserId(req: FastifyRequest): string {
  const id = requireUserId(req);
  if (!Uuid.safeParse(id).success) throw unauthorized(MESSAGES.signedOut);
  return id;
}

/** An `onRequest` hook: a guest gets 401 before the body is even read. */
export async function requireSignedIn(req: FastifyRequest) {
  signedInUserId(req);
}
