import { currentUserId, unauthorized } from '@waco/platform';
import type { FastifyRequest } from 'fastify';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The signed-in user's id from the gateway's header, or null for a guest. A value that is not
 * a user id (only possible when the service is reached without the gateway) counts as a guest.
 */
export function optionalUser(req: FastifyRequest): string | null {
  const id = currentUserId(req);
  return id && UUID.test(id) ? id : null;
}

/** The signed-in user's id; a guest gets 401. */
export function signedInUser(req: FastifyRequest): string {
  const id = optionalUser(req);
  if (!id) throw unauthorized();
  return id;
}
