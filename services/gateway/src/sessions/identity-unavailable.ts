import type { FastifyReply, FastifyRequest } from 'fastify';
import { failureMessage } from '../upstreams/upstream-failures';
import { IdentityUnavailableError } from './session-resolver';

/**
 * The one answer when identity cannot say whose session a request carries (down, slow, or
 * answering nonsense): 503 naming identity, in the words used for any service that is down.
 * Any other error is the gateway's own, for the error handler.
 */
export function answerIdentityUnavailable(req: FastifyRequest, reply: FastifyReply, err: unknown) {
  if (!(err instanceof IdentityUnavailableError)) return reply.send(err);
  req.log.warn({ err }, 'session lookup failed');
  return reply.status(503).send({ message: failureMessage('identity', 503) });
}
