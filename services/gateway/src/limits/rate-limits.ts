import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { HttpApp } from '@waco/platform';
import { Redis } from 'ioredis';

/**
 * The header by which the process that started the gateway names its own requests (the embedded
 * launcher's seed), with a random token that never leaves that process. Never sent on upstream.
 */
export const EXEMPT_HEADER = 'x-waco-unlimited';

export interface RateLimits {
  /** Requests per minute per IP, on every route registered after this. */
  general: number;
  /** Requests per minute per IP on POST /api/login and /api/signup (set by those routes). */
  auth: number;
}

/**
 * Per-IP limits, counted in Redis when `redisUrl` is set (so that every gateway instance shares
 * them) and in memory otherwise. Routes registered earlier (`/healthz`, `/readyz`) are not
 * limited. Over the limit: 429 `{ message }` with `Retry-After`.
 */
export async function rateLimits(
  app: HttpApp,
  options: { limits: RateLimits; redisUrl?: string; exemptToken?: string },
) {
  const { exemptToken } = options;
  let redis: Redis | undefined;
  if (options.redisUrl) {
    // No offline queue: while Redis is away a request is not held waiting for it (see skipOnError).
    const client = new Redis(options.redisUrl, { connectTimeout: 2_000, enableOfflineQueue: false });
    client.on('error', (err) => app.log.warn({ err }, 'rate-limit store (Redis) unreachable'));
    app.addHook('onClose', async () => {
      await client.quit().catch(() => client.disconnect());
    });
    await connected(client, 2_000);
    redis = client;
  }
  await app.register(rateLimit, {
    max: options.limits.general,
    timeWindow: 60_000,
    // The client's address: the connecting one, or the one trusted proxies name (TRUST_PROXY). IPv6 addresses count per /64, as by default;
    // IPv4 ones skip that parsing, which otherwise runs a long regex on every request.
    keyGenerator: (req) => (req.ip.includes(':') ? normalizeIP(req.ip) : req.ip),
    // The process's own client (the embedded launcher's seed) is not counted: it would spend the
    // first minute's budget of the address the first browser comes from too (127.0.0.1).
    ...(exemptToken ? { allowList: (req) => req.headers[EXEMPT_HEADER] === exemptToken } : {}),
    ...(redis ? { redis, nameSpace: 'waco-gateway-rate-limit:' } : {}),
    // A Redis outage must not take the site down with it: requests then pass unlimited.
    skipOnError: true,
    // The x-ratelimit-* headers only on the 429 itself (with Retry-After), not on every answer.
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
    errorResponseBuilder: (_req, context) =>
      Object.assign(new Error(`Too many requests. Please try again in ${context.after}.`), {
        statusCode: context.statusCode,
      }),
  });
}

/** Waits a moment for the first connection, so the first requests are counted; never fails. */
function connected(client: Redis, timeoutMs: number) {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, timeoutMs);
    client.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}
