import type { z } from 'zod';
import { createBus } from './bus/create-bus';
import type { EventBus } from './bus/event-bus';
import { type BaseConfig, baseConfigSchema, isExplicitDevelopment, loadConfig, streamLimits } from './config';
import { createLogger, type Logger, loggingOf } from './logger';
import { initMetrics, shutdownMetrics } from './metrics';
import { type ServiceDefinition, startService } from './service';
import { deploymentOf } from './telemetry-resource';
import { initTracing, shutdownTracing } from './tracing';

/** The configuration every process reads: a service's, without its database. */
export type ProcessConfig = Omit<BaseConfig, 'DATABASE_URL' | 'DB_SCHEMA'>;

/**
 * A process the platform runs: each service (see `runServiceMain`), and the gateway. The gateway
 * is not a `ServiceDefinition`: it has no database, no migrations, no outbox and no projections,
 * and builds its own app (trusted proxies, readiness on identity). What a service and the
 * gateway share is everything around that, and it lives here once: read the environment, start
 * tracing and the bus, start, and stop cleanly on SIGINT or SIGTERM.
 */
export interface ProcessDefinition<C extends ProcessConfig> {
  name: string;
  configSchema: z.ZodType<C, unknown>;
  start(context: { config: C; logger: Logger; bus: EventBus }): Promise<RunningProcess>;
}

export interface RunningProcess {
  /** Readiness off, stop accepting, finish the requests in flight (and publish their events). */
  drain(): Promise<void>;
  /** Close the rest, once the bus is closed. */
  stop(): Promise<void>;
}

/**
 * The whole of a `main.ts`. A bad configuration or an unreachable dependency exits with a message
 * naming it.
 */
export async function runMain<C extends ProcessConfig>(definition: ProcessDefinition<C>) {
  const config = readSettingsOrExit(definition.name, () => loadConfig(definition.configSchema));
  const logger = createLogger({ name: definition.name, ...loggingOf(config) });
  try {
    const telemetry = {
      serviceName: definition.name,
      otlpEndpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT,
      deployment: deploymentOf(config),
    };
    initTracing(telemetry);
    // Read at the service's own /metrics (its port is internal), and sent over OTLP if configured.
    initMetrics(telemetry);
    const bus = await createBus({
      kind: config.BUS,
      natsUrl: config.NATS_URL,
      prefix: config.BUS_PREFIX,
      name: definition.name,
      logger,
      streams: streamLimits(config),
    });
    const running = await definition.start({ config, logger, bus });
    onShutdown(logger, async () => {
      // Drain first; then the bus, whose in-flight handlers finish while the database is still
      // open (closed first, they would fail, and on their last try be dead-lettered); then the rest.
      await running.drain();
      await bus.close();
      await running.stop();
      await shutdownMetrics();
      await shutdownTracing();
    });
  } catch (err) {
    logger.fatal((err as Error).message);
    process.exit(1);
  }
}

/**
 * A service's own settings, read once in its `main.ts` before it starts (media's store, the
 * notifications' push keys): a missing or wrong one exits with the message that names it.
 */
export function readSettingsOrExit<T>(processName: string, read: () => T): T {
  try {
    return read();
  } catch (err) {
    createLogger({ name: processName }).fatal((err as Error).message);
    process.exit(1);
  }
}

/** A service's `main.ts`: `startService` run as a process. */
export async function runServiceMain<DB>(definition: ServiceDefinition<DB>) {
  await runMain({
    name: definition.name,
    configSchema: baseConfigSchema,
    start: ({ config, logger, bus }) =>
      startService(definition, {
        databaseUrl: config.DATABASE_URL,
        schema: config.DB_SCHEMA,
        bus,
        logger,
        host: config.HOST,
        port: config.PORT ?? 0,
        production: config.NODE_ENV === 'production',
        development: isExplicitDevelopment(),
        shutdownDelayMs: config.SHUTDOWN_DELAY_MS,
        identityUrl: config.IDENTITY_URL,
        accessLog: config.LOG_REQUESTS === 'true',
      }),
  });
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
  // `on`, not `once`: with no listener left, a second signal would kill the process outright,
  // skipping its exit hooks (npm start's, which stops its Postgres).
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
}
