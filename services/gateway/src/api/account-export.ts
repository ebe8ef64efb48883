import { ENDPOINT_ROUTES, EXPORT_PARTS } from '@waco/contracts';
import type { HttpApp } from '@waco/platform';
import type { SessionResolver } from '../sessions/session-resolver';
import { signedInHandler } from '../sessions/signed-in-handler';
import { Instances, type Upstreams } from '../upstreams/instances';

/** How long one service may take over its part before the export gives up. */
const PART_TIMEOUT_MS = 15_000;
export const EXPORT_FAILED = 'Your export could not be completed. Please try again in a minute.';

/**
 * `GET /api/user/export`: everything the app holds about the signed-in user, as one
 * JSON download, gathered from every service's part (their internal `/internal/export/:id`).
 * All or nothing: a part that does not come makes a 503, never an export that looks complete.
 */
export function accountExport(app: HttpApp, options: { upstreams: Upstreams; sessions: SessionResolver }) {
  const parts = EXPORT_PARTS.map((name) => ({
    service: ENDPOINT_ROUTES[name].service,
    instances: new Instances(options.upstreams[ENDPOINT_ROUTES[name].service]),
  }));
  const { method, path } = ENDPOINT_ROUTES.exportAccount;

  app.route({
    method,
    url: path,
    handler: signedInHandler(options.sessions, async (req, reply, userId) => {
      const gathered = await Promise.allSettled(
        parts.map(async ({ service, instances }) => {
          const res = await fetch(`${instances.next()}/internal/export/${encodeURIComponent(userId)}`, {
            signal: AbortSignal.timeout(PART_TIMEOUT_MS),
          });
          if (!res.ok) throw new Error(`${service} answered ${res.status}`);
          return (await res.json()) as Record<string, unknown>;
        }),
      );
      const sections: Record<string, unknown> = {};
      const failed: Array<{ service: string; err: string }> = [];
      gathered.forEach((g, i) => {
        if (g.status === 'fulfilled') Object.assign(sections, g.value);
        else failed.push({ service: parts[i]?.service ?? '?', err: String(g.reason) });
      });
      if (failed.length > 0) {
        req.log.warn({ failed }, 'account export incomplete');
        return reply.status(503).send({ message: EXPORT_FAILED });
      }
      const body = { exportedAt: new Date().toISOString(), userId, ...sections };
      return reply
        .header('content-disposition', 'attachment; filename="waco-commons-export.json"')
        .header('cache-control', 'no-store')
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(body, null, 2));
    }),
  });
}
