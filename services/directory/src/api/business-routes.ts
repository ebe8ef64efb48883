import { type HttpApp, knowModerators, registerEndpoint } from '@waco/platform';
import { addBusiness, answerBusiness, claimBusiness, editBusiness, onBusiness } from '../commands/businesses';
import type { DirectoryDeps } from '../commands/deps';
import { listBusinesses, waitingClaims } from '../db/businesses';
import { isModerator } from '../db/copies';

/** Businesses: adding, browsing, claiming, the owner's edits, and what site moderators decide. */
export function registerBusinessRoutes(app: HttpApp, deps: DirectoryDeps) {
  // Site moderators, as moderation's events say: they verify claims and take businesses down.
  knowModerators(app, (userId) => isModerator(deps.db, userId));

  registerEndpoint(app, 'addBusiness', async (req, reply) =>
    reply.status(201).send(await addBusiness(deps, req.userId, req.body)),
  );
  registerEndpoint(app, 'listBusinesses', async (req) => listBusinesses(deps.db, req.userId, req.query));
  registerEndpoint(app, 'getBusiness', async (req) => answerBusiness(deps, req.params.id, req.userId));
  registerEndpoint(app, 'updateBusiness', async (req) =>
    editBusiness(deps, req.params.id, req.userId, req.body),
  );
  registerEndpoint(app, 'claimBusiness', async (req) =>
    claimBusiness(deps, req.params.id, req.userId, req.body.note),
  );

  registerEndpoint(app, 'listBusinessClaims', async () => waitingClaims(deps.db));
  registerEndpoint(app, 'decideBusinessClaim', async (req) => {
    await onBusiness(deps, req.params.id, req.userId, {
      type: 'decide-claim',
      moderatorId: req.userId,
      approve: req.body.approve,
    });
    return answerBusiness(deps, req.params.id, req.userId);
  });
  registerEndpoint(app, 'removeBusiness', async (req) => {
    await onBusiness(deps, req.params.id, req.userId, { type: 'remove', moderatorId: req.userId });
    return { id: req.params.id, removed: true as const };
  });
}
