import { createBus } from './bus/create-bus';
import { baseConfigSchema, isExplicitDevelopment, loadConfig } from './config';
import { createLogger } from './logger';
import { initMetrics, shutdownMetrics } from './metrics';
import { type ServiceDefinition, startService } from './service';
import { initTracing, shutdownTracing } from './tracing';

/**
 * The whole of a service's `main.ts`: read the environment, start, stop cleanly on SIGINT or
 * SIGTERM. A bad configuration or an unreachable dependency exits with a message naming it.
 */
export async function runServiceMain<DB>(definition: ServiceDefinition<DB>) {
  const logger = createLogger({ name: definition.name });
  try {
    const config = loadConfig(baseConfigSchema);
    initTracing({ serviceName: definition.name, otlpEndpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT });
    // Read at the service's own /metrics (its port is internal), and sent over OTLP if configured.
    initMetrics({ serviceName: definition.name, otlpEndpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT });
    const bus = await createBus({
      kind: config.BUS,
      natsUrl: config.NATS_URL,
      prefix: config.BUS_PREFIX,
      name: definition.name,
      logger,
    });
    const service = await startService(definition, {
      databaseUrl: config.DATABASE_URL,
      schema: config.DB_SCHEMA,
      bus,
      logger,
      host: config.HOST,
      port: config.PORT ?? 0,
      production: config.NODE_ENV === 'production',
      development: isExplicitDevelopment(),
      shutdownDelayMs: config.SHUTDOWN_DELAY_MS,
    });
    onShutdown(logger, async () => {
      // Readiness off, stop accepting, finish the requests in flight and publish their events;
      // then the bus, whose in-flight handlers finish while the database is still open (closed
      // first, they would fail, and on their last try be dead-lettered); then the database.
      await service.drain();
      await bus.close();
      await service.stop();
      await shutdownMetrics();
      await shutdownTracing();
    });
  } catch (err) {
    logger.fatal((err as Error).message);
    process.exit(1);
  }
}

/** Stops once on the first SIGINT/SIGTERM; a second signal exits at once. */
export function onShutdown(logger: { info(msg: string): void }, stop: () => Promise<void>) {
  let stopping = false;
  const handler = async (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    logger.info(`${signal}: shutting down`);
    await stop().catch(() => {});
    process.exit(0);
  };
  process.once('SIGINT', handler);
  process.once('SIGTERM', handler);
}
