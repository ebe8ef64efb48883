import { fileURLToPath } from 'node:url';
import { baseConfigSchema, portSchema } from '@waco/platform';
import { z } from 'zod';
import { DEFAULT_GUEST_CACHE_MS } from './forwarding/guest-cache';
import { DEFAULT_ADMISSION } from './limits/admission';
import { trustProxySchema } from './limits/client-address';
import { upstreamUrlVariables } from './upstreams/upstream-urls';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

const perMinute = z.coerce.number({ error: 'must be a number of requests per minute' }).int().positive();

/** The gateway's environment. It has no database: the base schema minus DATABASE_URL. */
export const gatewayConfigSchema = baseConfigSchema.omit({ DATABASE_URL: true, DB_SCHEMA: true }).extend({
  PORT: portSchema.default(3000),
  /** `IDENTITY_URL`, `POSTS_URL`, …: one per service of SERVICE_NAMES (upstreams/upstream-urls.ts). */
  ...upstreamUrlVariables,
  /** Comma-separated origins the web app is served from; writes from others are refused. */
  APP_ORIGIN: z
    .string()
    .default('http://localhost:3000')
    .transform((list) =>
      list
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url({ error: 'APP_ORIGIN must be a comma-separated list of URLs' })).min(1)),
  /**
   * The app's public address (identity's too, for mailed links): canonical addresses, the sitemap
   * and robots.txt name it. Default: the first of APP_ORIGIN.
   */
  APP_URL: z.url({ error: 'APP_URL must be a URL' }).optional(),
  REDIS_URL: z.url({ error: 'REDIS_URL must be a redis:// URL' }).optional(),
  WEB_DIST: z.string().default(`${REPO_ROOT}web/dist`),
  /** The object store's origin as browsers see it (they upload to it directly). */
  STORAGE_ORIGIN: z.url().optional(),
  /** Development only: an embedded object store to forward `/storage/*` to (the launcher sets it). */
  STORAGE_UPSTREAM: z.url().optional(),
  RATE_LIMIT_PER_MINUTE: perMinute.default(600),
  AUTH_RATE_LIMIT_PER_MINUTE: perMinute.default(20),
  /** Requests forwarded to the services at once, per gateway process; more wait, then are refused 503 (limits/admission.ts). */
  ADMISSION_IN_FLIGHT: z.coerce.number().int().positive().default(DEFAULT_ADMISSION.inFlight),
  ADMISSION_QUEUE: z.coerce.number().int().min(0).default(DEFAULT_ADMISSION.queue),
  ADMISSION_QUEUE_WAIT_MS: z.coerce.number().int().min(0).default(DEFAULT_ADMISSION.queueWaitMs),
  /**
   * The gateway's nice value (-20 to 19; below 0 runs it before the services on shared cores, so
   * that it refuses promptly past the knee; limits/priority.ts). 0: as started.
   */
  SCHEDULING_PRIORITY: z.coerce.number().int().min(-20).max(19).default(-10),
  /** The proxies (a TLS terminator, a load balancer) whose X-Forwarded-For names the client. */
  TRUST_PROXY: trustProxySchema,
  /** How long a session lookup is reused; a logout or a revocation drops it at once (see sessions/session-resolver.ts). */
  SESSION_CACHE_MS: z.coerce.number().int().min(0).default(30_000),
  /** How long a guest's answer to a public read serves the next guests; edits, deletions and hidings empty it at once (forwarding/guest-cache.ts). 0: off. */
  GUEST_CACHE_MS: z.coerce.number().int().min(0).default(DEFAULT_GUEST_CACHE_MS),
  /** How long a page waits for each part of its first screen's data, and for its render (gateway.ts, `pageWaits`). */
  PAGE_PART_WAIT_MS: z.coerce.number().int().positive().default(800),
  PAGE_RENDER_WAIT_MS: z.coerce.number().int().positive().default(2000),
  /** `/metrics` is served here, never on the public PORT; bind it where only the scraper reaches. */
  METRICS_PORT: portSchema.default(9464),
  METRICS_HOST: z.string().default('127.0.0.1'),
});
export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;
