import { ADMINS_ONLY, type DailyCounts, ENDPOINT_ROUTES, type SiteOverview } from '@waco/contracts';
import { forbidden, type HttpApp } from '@waco/platform';
import type { SessionResolver } from '../sessions/session-resolver';
import { signedInHandler } from '../sessions/signed-in-handler';
import { Instances, type Upstreams } from '../upstreams/instances';
import { UPSTREAM_NAMES } from '../upstreams/routing-table';
import { failureMessage } from '../upstreams/upstream-failures';

/** How long one service may take to answer before the console shows it as not answering. */
const ASK_TIMEOUT_MS = 5_000;

/**
 * `GET /api/admin/overview`, the operator's console's first page, gathered here because only the
 * gateway reaches every service: new members, posts and messages per day (identity's, posts'
 * and messaging's `/internal/figures/...`) and every instance's readiness (`/readyz`, as a load
 * balancer asks it). For administrators only: moderation says who is one. A service that does
 * not answer is shown so (its figures null, its readiness the error), never a 5xx.
 */
export function siteOverview(app: HttpApp, options: { upstreams: Upstreams; sessions: SessionResolver }) {
  const instancesOf = (service: keyof Upstreams) => new Instances(options.upstreams[service]);
  const moderation = instancesOf('moderation');
  const figures = {
    members: [instancesOf('identity'), ENDPOINT_ROUTES.countNewMembers.path],
    posts: [instancesOf('posts'), ENDPOINT_ROUTES.countNewPosts.path],
    messages: [instancesOf('messaging'), ENDPOINT_ROUTES.countNewMessages.path],
  } as const;
  const { method, path } = ENDPOINT_ROUTES.getSiteOverview;

  app.route({
    method,
    url: path,
    handler: signedInHandler(options.sessions, async (_req, reply, userId) => {
      const standing = await ask<{ admin: boolean }>(
        `${moderation.next()}${ENDPOINT_ROUTES.getAdminStanding.path.replace(':id', encodeURIComponent(userId))}`,
      );
      if (!standing.ok) return reply.status(503).send({ message: failureMessage('moderation', 503) });
      if (!standing.body.admin) throw forbidden(ADMINS_ONLY);

      const [members, posts, messages, services] = await Promise.all([
        ...Object.values(figures).map(async ([instances, figurePath]) => {
          const answer = await ask<DailyCounts>(`${instances.next()}${figurePath}`);
          return answer.ok ? answer.body : null;
        }),
        readiness(options.upstreams),
      ]);
      const overview: SiteOverview = {
        figures: {
          members: members as DailyCounts | null,
          posts: posts as DailyCounts | null,
          messages: messages as DailyCounts | null,
        },
        services: services as SiteOverview['services'],
      };
      return reply.header('cache-control', 'private, no-store').send(overview);
    }),
  });
}

/** Every instance's `/readyz`, named by its service (and its place, when it has several). */
async function readiness(upstreams: Upstreams): Promise<SiteOverview['services']> {
  const instances = UPSTREAM_NAMES.flatMap((service) => {
    const urls = new Instances(upstreams[service]).urls;
    return urls.map((url, i) => ({
      service: urls.length > 1 ? `${service} ${i + 1}/${urls.length}` : service,
      url,
    }));
  });
  return Promise.all(
    instances.map(async ({ service, url }) => {
      const answer = await ask<{ checks?: Record<string, string> }>(`${url}/readyz`, true);
      if (!answer.reached) return { service, ready: false, checks: { answer: answer.error } };
      return { service, ready: answer.ok, checks: answer.body.checks ?? {} };
    }),
  );
}

type Asked<T> =
  | { reached: true; ok: true; body: T }
  | { reached: true; ok: false; body: Partial<T> }
  | { reached: false; ok: false; error: string };

/** A GET to a service, its JSON read; a refusal (`anyStatus`: a 503's body too) or no answer told apart. */
async function ask<T>(url: string, anyStatus = false): Promise<Asked<T>> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(ASK_TIMEOUT_MS) });
    if (!res.ok && !anyStatus) return { reached: true, ok: false, body: {} };
    const body = (await res.json()) as T;
    return res.ok ? { reached: true, ok: true, body } : { reached: true, ok: false, body };
  } catch (err) {
    return { reached: false, ok: false, error: (err as Error).message || 'no answer' };
  }
}
