import { type HttpApp, registerEndpoint } from '@waco/platform';
import { answerOffer, getDeal, makeOffer, rateMember } from '../commands/deals';
import type { MessagingDeps } from '../commands/deps';
import { standingOf } from '../db/deals';

/** A conversation's deal (its offers, ratings) for its two members; a member's standing, for anyone. */
export function registerDealRoutes(app: HttpApp, deps: MessagingDeps) {
  registerEndpoint(app, 'getDeal', async (req) => getDeal(deps, req.userId, req.params.conversationId));
  registerEndpoint(app, 'makeOffer', async (req, reply) =>
    reply.status(201).send(await makeOffer(deps, req.userId, req.params.conversationId, req.body)),
  );
  registerEndpoint(app, 'answerOffer', async (req) =>
    answerOffer(deps, req.userId, req.params.conversationId, req.params.offerId, req.body),
  );
  registerEndpoint(app, 'rateMember', async (req, reply) =>
    reply.status(201).send(await rateMember(deps, req.userId, req.params.conversationId, req.body)),
  );
  registerEndpoint(app, 'getMemberStanding', async (req) =>
    standingOf(deps.db, req.params.id.toLowerCase(), deps.now()),
  );
}
