import { unauthorized } from '@waco/platform';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SessionResolver } from '../sessions/session-resolver';
import { withSession } from '../sessions/with-session';
import type { RouteRule } from '../upstreams/routing-table';
import { carriesBody } from './request-bodies';

/**
 * A guest sending a body to a members-only endpoint is refused here, before the body is read:
 * no `100 Continue` is given and not a byte reaches the service (which would refuse them as
 * well, but only once the body had been sent to it). Without a body, the service answers.
 * The session found is kept on the request for its forwarding.
 */
export function refuseGuestBodies(
  app: FastifyInstance,
  ruleOf: (req: FastifyRequest) => RouteRule | null,
  sessions: SessionResolver,
) {
  app.addHook('onRequest', (req, reply, done) => {
    if (!carriesBody(req)) return done();
    const rule = ruleOf(req);
    if (!rule?.membersOnly?.includes(req.method)) return done();
    withSession(sessions, req, reply, (session) => {
      // The services' own refusal, word for word.
      if (!session.lookup) return reply.status(401).send({ message: unauthorized().message });
      req.resolvedSession = session;
      done();
    });
  });
}
