import { SessionRevoked } from '@waco/contracts';
import { createHttpApp, type EventBus, type HttpApp, type Logger } from '@waco/platform';
import { accountExport } from './api/account-export';
import { apiDocs } from './api/api-docs';
import { siteOverview } from './api/site-overview';
import { refuseCrossSiteLogout, refuseCrossSiteWrites } from './browser-security/cross-site';
import { inlineScriptSources } from './browser-security/inline-scripts';
import { noStoreForPrivateAnswers } from './browser-security/private-answers';
import { securityHeaders } from './browser-security/security-headers';
import { DEFAULT_GUEST_CACHE_MS, GUEST_CACHE_FLUSHES, GuestCache } from './forwarding/guest-cache';
import { handleExpect } from './forwarding/request-bodies';
import { proxyRoutes } from './forwarding/service-proxy';
import { storageProxy } from './forwarding/storage-proxy';
import { Admission, type AdmissionLimits, DEFAULT_ADMISSION } from './limits/admission';
import type { TrustProxy } from './limits/client-address';
import { type RateLimits, rateLimits } from './limits/rate-limits';
import { OpenStreams } from './sessions/open-streams';
import { SessionResolver } from './sessions/session-resolver';
import { Instances, type Upstreams } from './upstreams/instances';
import { readAppShell } from './web-app/app-shell';
import { BootData } from './web-app/boot-data';
import { robotsRoute } from './web-app/seo/robots';
import { sitemapRoutes } from './web-app/seo/sitemap';
import { loadServerRenderer } from './web-app/server-render';
import { unfurlPages } from './web-app/unfurl/unfurl-pages';
import { webApp } from './web-app/web-app-routes';

export { type GatewayConfig, gatewayConfigSchema } from './config';
export { type AdmissionLimits, BUSY_MESSAGE, DEFAULT_ADMISSION } from './limits/admission';
export { type TrustProxy, trustProxySchema } from './limits/client-address';
export { EXEMPT_HEADER, type RateLimits } from './limits/rate-limits';
export type { Upstreams } from './upstreams/instances';
export { type UpstreamUrlVariable, upstreamUrlVariable } from './upstreams/upstream-urls';

/** See GatewayOptions' `pageWaits`. */
export interface PageWaits {
  bootPartMs: number;
  renderMs: number;
}
const DEFAULT_PAGE_WAITS: PageWaits = { bootPartMs: 800, renderMs: 2000 };

export interface GatewayOptions {
  /** Base URL of each service, e.g. `http://127.0.0.1:4001`, or several instances' separated by commas. */
  upstreams: Upstreams;
  bus: EventBus;
  logger: Logger;
  /** Origins the web app is served from; writes from any other origin are refused. */
  appOrigins: string[];
  /**
   * The app's public address, which canonical addresses, the sitemap and robots.txt name
   * (APP_URL); the first of `appOrigins` when absent.
   */
  publicUrl?: string;
  /** The built web app (web/dist); a placeholder page is served when it is not built. */
  webDist: string;
  /** Shares rate-limit counters between gateway instances; in memory when absent. */
  redisUrl?: string;
  /** The object store's origin, which browsers upload to directly (added to CSP connect-src). */
  storageOrigin?: string;
  /** Embedded mode: the embedded object store, forwarded at `/storage/*` (uploads via the app's origin). */
  storageUpstream?: string;
  /** Requests per minute per IP. */
  rateLimits?: Partial<RateLimits>;
  /** Requests forwarded at once, and how many wait and for how long (limits/admission.ts). */
  admission?: Partial<AdmissionLimits>;
  /**
   * Requests carrying this token in `x-waco-unlimited` are not rate limited: the starting
   * process's own (the embedded launcher's seed). Absent: every request is counted.
   */
  rateLimitExemptToken?: string;
  /** How long a session lookup is reused. */
  sessionCacheMs?: number;
  /** How long a guest's answer to a public read is given to the next guests (forwarding/guest-cache.ts); 0: never. */
  guestCacheMs?: number;
  /**
   * How long a page waits for each part of its boot data, and for its server render, before it
   * goes without them (the browser then asks and renders itself). Defaults: 800 and 2000 ms.
   */
  pageWaits?: Partial<PageWaits>;
  production?: boolean;
  /**
   * The proxies whose X-Forwarded-For names the client (rate limits, logs and the services then
   * see the client's address, not the proxy's). Off by default: behind no proxy, a client could
   * otherwise pick its own address with a header.
   */
  trustProxy?: TrustProxy;
  /** More of `/readyz` (the process's own: "not stopping"). */
  readiness?: Record<string, () => Promise<unknown>>;
  /** One access-log line per request (LOG_REQUESTS; default on). */
  accessLog?: boolean;
}

export const DEFAULT_RATE_LIMITS: RateLimits = { general: 600, auth: 20 };
export const DEFAULT_SESSION_CACHE_MS = 30_000;
/** How long a stopping gateway lets the requests in flight finish (docs/operations.md). */
export const GATEWAY_DRAIN_MS = 10_000;

/**
 * The only public door: the web app, and the `/api` surface proxied to the services as the user
 * the session cookie names. Returns the app ready to `listen`; `main.ts`, the embedded launcher
 * and the tests all build it here.
 */
export async function buildGateway(options: GatewayOptions): Promise<HttpApp> {
  const identity = new Instances(options.upstreams.identity);
  const app = createHttpApp({
    name: 'gateway',
    logger: options.logger,
    // Off unless configured: rate limits then count the connecting address, which no client can
    // forge with a header.
    trustProxy: options.trustProxy ?? false,
    // The user the session names (resolved by the proxy), for access logs.
    userIdOf: (req) => req.forwarding?.userId ?? null,
    accessLog: options.accessLog,
    readiness: {
      // Ready when some instance of identity answers: sessions can be resolved.
      identity: () =>
        Promise.any(identity.urls.map(answersHealthz)).catch((err: AggregateError) => {
          throw err.errors[0];
        }),
      bus: () => options.bus.ping(),
      ...options.readiness,
    },
  });

  const sessions = new SessionResolver({
    identityUrl: options.upstreams.identity,
    ttlMs: options.sessionCacheMs ?? DEFAULT_SESSION_CACHE_MS,
  });
  const streams = new OpenStreams();
  // Closing waits for the requests in flight; a live stream is one that never ends by itself.
  app.addHook('preClose', (done) => {
    streams.endAll();
    done();
  });
  // Every gateway instance hears every revocation (fan-out), so none serves a revoked session
  // nor keeps its live streams open.
  await options.bus.subscribe({
    consumer: 'gateway',
    producer: SessionRevoked.producer,
    types: [SessionRevoked.type],
    fanout: true,
    handle: async (event) => {
      const parsed = SessionRevoked.schema.safeParse(event.data);
      if (parsed.success) {
        sessions.forgetSession(parsed.data.sessionId);
        streams.endSession(parsed.data.sessionId);
      } else app.log.error({ eventId: event.id }, 'unreadable SessionRevoked event');
    },
  });
  // Every instance empties its guests' answers when a post, a profile or a hiding changes what
  // guests were shown (fan-out, one subscription per type: the bus sends each only its own
  // events, never the producer's likes).
  const guestCache = new GuestCache(options.guestCacheMs ?? DEFAULT_GUEST_CACHE_MS);
  if (guestCache.enabled) {
    for (const { producer, type } of GUEST_CACHE_FLUSHES)
      await options.bus.subscribe({
        consumer: 'gateway-guest-cache',
        producer,
        types: [type],
        fanout: true,
        handle: async () => guestCache.flush(),
      });
  }

  // The app's page, read once: its inline scripts' hashes for the CSP, and every page served.
  const shell = readAppShell(options.webDist);
  // And the app's server renderer, built with it (web-app/server-render.ts).
  const waits = { ...DEFAULT_PAGE_WAITS, ...options.pageWaits };
  const renderer = shell.built ? await loadServerRenderer(options.webDist, waits.renderMs) : null;
  handleExpect(app);
  securityHeaders(app, {
    production: options.production ?? false,
    storageOrigin: options.storageOrigin,
    inlineScripts: inlineScriptSources(shell.html),
  });
  refuseCrossSiteWrites(app, options.appOrigins);
  refuseCrossSiteLogout(app, options.appOrigins);
  noStoreForPrivateAnswers(app);
  const limits = { ...DEFAULT_RATE_LIMITS, ...options.rateLimits };
  await rateLimits(app, { limits, redisUrl: options.redisUrl, exemptToken: options.rateLimitExemptToken });

  // Services answer /internal/* to each other only; from outside it does not exist.
  const internalNotFound = (req: { url: string; method: string }) => ({
    message: `No route for ${req.method} ${req.url.split('?')[0]}`,
  });
  app.all('/internal', async (req, reply) => reply.status(404).send(internalNotFound(req)));
  app.all('/internal/*', async (req, reply) => reply.status(404).send(internalNotFound(req)));
  // Metrics are internal too: served on METRICS_PORT, never here (nor as the web app's page).
  app.all('/metrics', async (req, reply) => reply.status(404).send(internalNotFound(req)));

  // The gateway's own endpoints; every other /api path is forwarded.
  apiDocs(app);
  accountExport(app, { upstreams: options.upstreams, sessions });
  siteOverview(app, { upstreams: options.upstreams, sessions });
  await app.register(async (scope) =>
    proxyRoutes(scope, {
      upstreams: options.upstreams,
      sessions,
      streams,
      authRateLimit: limits.auth,
      production: options.production,
      admission: new Admission({ ...DEFAULT_ADMISSION, ...options.admission }),
      guestCache,
    }),
  );
  const storageUpstream = options.storageUpstream;
  if (storageUpstream) await app.register(async (scope) => storageProxy(scope, storageUpstream));
  // The app's pages come with what their first screen shows (web-app/boot-data.ts).
  const boot = new BootData(options.upstreams, sessions, waits.bootPartMs);
  app.addHook('onClose', () => boot.close());
  // Canonical addresses, the sitemap and robots.txt name the one public origin.
  const origin = new URL(options.publicUrl ?? (options.appOrigins[0] as string)).origin;
  await app.register(async (scope) =>
    unfurlPages(scope, { upstreams: options.upstreams, origin, shell, boot, renderer }),
  );
  // What search engines read besides the pages: robots.txt and the sitemap (web-app/seo/).
  await app.register(async (scope) => {
    robotsRoute(scope, { origin });
    sitemapRoutes(scope, { upstreams: options.upstreams, origin });
  });
  await app.register(async (scope) =>
    webApp(scope, { webDist: options.webDist, shell, boot, origin, renderer }),
  );
  return app;
}

async function answersHealthz(baseUrl: string) {
  const res = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(2_000) }).catch(
    (err: Error) => {
      throw new Error(`identity is unreachable at ${baseUrl}: ${err.message}`);
    },
  );
  await res.body?.cancel();
  if (!res.ok) throw new Error(`identity answered /healthz with ${res.status}`);
}
