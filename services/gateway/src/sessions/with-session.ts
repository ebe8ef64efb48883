import type { FastifyReply, FastifyRequest } from 'fastify';
import { answerIdentityUnavailable } from './identity-unavailable';
import type { RequestSession, SessionResolver } from './session-resolver';

/**
 * The request's session, then `then(session)`: at once when it is cached (most requests), else
 * once identity answered; identity unreachable is a 503.
 */
export function withSession(
  sessions: SessionResolver,
  req: FastifyRequest,
  reply: FastifyReply,
  then: (session: RequestSession) => void,
) {
  const session = sessions.ofRequest(req.headers.cookie);
  if (!(session instanceof Promise)) return then(session);
  session.then(then, (err: unknown) => answerIdentityUnavailable(req, reply, err));
}
