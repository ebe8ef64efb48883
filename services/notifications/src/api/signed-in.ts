import { Uuid } from '@waco/contracts';
import { requireUserId, unauthorized } from '@waco/platform';
import type { FastifyRequest } from 'fastify';

/**
 * The signed-in user's id, from the header the gateway sets; 401 when absent. A value that is
 * not a uuid cannot name a user (only possible without the gateway): it counts as signed out.
 */
export function signedInUserId(req: FastifyRequest): string {
  const id = requireUserId(req);
  if (!Uuid.safeParse(id).success) throw unauthorized();
  return id.toLowerCase();
}

/** An `onRequest` hook: a guest gets 401 before the body or query is even read. */
export async function requireSignedIn(req: FastifyRequest) {
  signedInUserId(req);
}
