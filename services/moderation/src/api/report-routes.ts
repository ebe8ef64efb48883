import { type HttpApp, registerEndpoint } from '@waco/platform';
import type { ModerationDeps } from '../commands/deps';
import { fileReport } from '../commands/file-report';
import { reportsBy } from '../db/reports';

/** A member's reports: filing one (201), and seeing theirs with the outcome. */
export function registerReportRoutes(app: HttpApp, deps: ModerationDeps) {
  registerEndpoint(app, 'fileReport', async (req, reply) =>
    reply.status(201).send(await fileReport(deps, req.userId, req.body)),
  );
  registerEndpoint(app, 'listMyReports', async (req) => ({ reports: await reportsBy(deps.db, req.userId) }));
}
