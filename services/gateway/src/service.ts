import { type ProcessDefinition, startMetricsServer } from '@waco/platform';
import { type GatewayConfig, gatewayConfigSchema } from './config';
import { buildGateway } from './gateway';

/**
 * The gateway as the platform runs it (`runMain`), like every service. It is a process
 * definition rather than a `ServiceDefinition`: it has no database, migrations or outbox, and its
 * app is its own (see `ProcessDefinition`).
 */
export const gatewayDefinition: ProcessDefinition<GatewayConfig> = {
  name: 'gateway',
  configSchema: gatewayConfigSchema,
  async start({ config, logger, bus }) {
    const gateway = await buildGateway({
      upstreams: {
        identity: config.IDENTITY_URL,
        posts: config.POSTS_URL,
        messaging: config.MESSAGING_URL,
        notifications: config.NOTIFICATIONS_URL,
        media: config.MEDIA_URL,
        moderation: config.MODERATION_URL,
      },
      bus,
      logger,
      appOrigins: config.APP_ORIGIN,
      webDist: config.WEB_DIST,
      redisUrl: config.REDIS_URL,
      storageOrigin: config.STORAGE_ORIGIN,
      storageUpstream: config.STORAGE_UPSTREAM,
      rateLimits: { general: config.RATE_LIMIT_PER_MINUTE, auth: config.AUTH_RATE_LIMIT_PER_MINUTE },
      sessionCacheMs: config.SESSION_CACHE_MS,
      production: config.NODE_ENV === 'production',
      trustProxy: config.TRUST_PROXY,
    });
    await gateway.listen({ host: config.HOST, port: config.PORT });
    // The gateway's port is public: its metrics have a listener of their own (runMain collects
    // them, as for every process; a service serves them at its own internal /metrics).
    const metrics = await startMetricsServer({ host: config.METRICS_HOST, port: config.METRICS_PORT });
    logger.info({ url: `${metrics.url}/metrics` }, 'metrics listening');
    return {
      // Closing the app stops accepting and lets the requests in flight finish.
      drain: () => gateway.close(),
      stop: () => metrics.close(),
    };
  },
};
