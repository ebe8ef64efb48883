import { type HttpApp, registerEndpoint } from '@waco/platform';
import type { ModerationDeps } from '../commands/deps';
import { reinstateMember, resolveReport } from '../commands/resolve-report';
import { recentBursts } from '../db/bursts';
import { requireModerator } from '../db/facts';
import { auditList } from '../db/lists';
import { moderationQueue } from '../db/reports';

/** Moderators only (a guest gets 401 from the endpoint, any other member 403). */
export function registerModeratorRoutes(app: HttpApp, deps: ModerationDeps) {
  registerEndpoint(app, 'listModerationReports', async (req) => {
    await requireModerator(deps.db, req.userId);
    return { cases: await moderationQueue(deps.db, req.query.status) };
  });
  registerEndpoint(app, 'resolveReport', async (req) =>
    resolveReport(deps, req.userId, req.params.id, req.body),
  );
  registerEndpoint(app, 'reinstateUser', async (req) => reinstateMember(deps, req.userId, req.params.id));
  registerEndpoint(app, 'listModerationAudit', async (req) => {
    await requireModerator(deps.db, req.userId);
    return { entries: await auditList(deps.db, req.query.limit) };
  });
  registerEndpoint(app, 'listLimitBursts', async (req) => {
    await requireModerator(deps.db, req.userId);
    return { bursts: await recentBursts(deps.db, deps.now()) };
  });
}
