import { USER_NOT_FOUND } from '@waco/contracts';
import { type HttpApp, knowModerators, notFound, registerEndpoint } from '@waco/platform';
import type { ModerationDeps } from '../commands/deps';
import { reinstateMember, resolveReport } from '../commands/resolve-report';
import { setVerified } from '../commands/set-verified';
import { recentBursts } from '../db/bursts';
import { isModerator } from '../db/facts';
import { auditList } from '../db/lists';
import { moderationQueue } from '../db/reports';
import { users } from '../db/users';

/**
 * Moderators only (`auth: 'moderator'`: a guest gets 401, any other member 403, from the
 * platform before a handler runs), known from this service's own table of moderators.
 */
export function registerModeratorRoutes(app: HttpApp, deps: ModerationDeps) {
  knowModerators(app, (userId) => isModerator(deps.db, userId));
  registerEndpoint(app, 'listModerationReports', async (req) => ({
    cases: await moderationQueue(deps.db, req.query.status),
  }));
  registerEndpoint(app, 'resolveReport', async (req) =>
    resolveReport(deps, req.userId, req.params.id, req.body),
  );
  registerEndpoint(app, 'reinstateUser', async (req) => reinstateMember(deps, req.userId, req.params.id));
  registerEndpoint(app, 'setUserVerified', async (req) => {
    if (!(await users.find(deps.db, req.params.id))) throw notFound(USER_NOT_FOUND);
    const { userId, verified } = await setVerified(deps, req.params.id, req.body.verified, req.userId);
    return { userId, verified };
  });
  registerEndpoint(app, 'listModerationAudit', async (req) => ({
    entries: await auditList(deps.db, req.query.limit),
  }));
  registerEndpoint(app, 'listLimitBursts', async () => ({ bursts: await recentBursts(deps.db, deps.now()) }));
}
