import { unauthorized } from '@waco/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { answerIdentityUnavailable } from './identity-unavailable';
import type { RequestSession, SessionResolver } from './session-resolver';

/**
 * A handler of the gateway's own endpoints for signed-in members: the request's session first
 * (identity unreachable: its 503; a guest: 401), then `handle` with the member's id.
 */
export function signedInHandler(
  sessions: SessionResolver,
  handle: (req: FastifyRequest, reply: FastifyReply, userId: string) => Promise<unknown>,
) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    let session: RequestSession;
    try {
      session = await sessions.ofRequest(req.headers.cookie);
    } catch (err) {
      return answerIdentityUnavailable(req, reply, err);
    }
    if (!session.lookup) throw unauthorized();
    return handle(req, reply, session.lookup.userId);
  };
}
