import {
  createBus,
  createLogger,
  initMetrics,
  initTracing,
  loadConfig,
  onShutdown,
  shutdownMetrics,
  shutdownTracing,
  startMetricsServer,
} from '@waco/platform';
import { gatewayConfigSchema } from './config';
import { buildGateway } from './gateway';

const logger = createLogger({ name: 'gateway' });
try {
  const config = loadConfig(gatewayConfigSchema);
  initTracing({ serviceName: 'gateway', otlpEndpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT });
  initMetrics({ serviceName: 'gateway', otlpEndpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT });
  const bus = await createBus({
    kind: config.BUS,
    natsUrl: config.NATS_URL,
    prefix: config.BUS_PREFIX,
    name: 'gateway',
    logger,
  });
  const gateway = await buildGateway({
    upstreams: {
      identity: config.IDENTITY_URL,
      posts: config.POSTS_URL,
      messaging: config.MESSAGING_URL,
      notifications: config.NOTIFICATIONS_URL,
      media: config.MEDIA_URL,
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
  });
  await gateway.listen({ host: config.HOST, port: config.PORT });
  // The gateway's port is public: its metrics have a listener of their own.
  const metrics = await startMetricsServer({ host: config.METRICS_HOST, port: config.METRICS_PORT });
  logger.info({ url: `${metrics.url}/metrics` }, 'metrics listening');
  onShutdown(logger, async () => {
    await gateway.close();
    await bus.close();
    await metrics.close();
    await shutdownMetrics();
    await shutdownTracing();
  });
} catch (err) {
  logger.fatal((err as Error).message);
  process.exit(1);
}
