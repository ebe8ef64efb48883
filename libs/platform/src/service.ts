import type { Migration } from 'kysely/migration';
import type { EventBus, Subscription } from './bus/event-bus';
import { createDatabase, type Database, migrate } from './db/database';
import { OutboxRelay } from './events/outbox-relay';
import { createHttpApp, type HttpApp } from './http/app';
import type { Logger } from './logger';

/** What a service is given to build itself. */
export interface ServiceContext<DB = unknown> {
  name: string;
  logger: Logger;
  database: Database<DB>;
  bus: EventBus;
  /** Production hides test helpers and sets Secure cookies. */
  production: boolean;
}

/** The parts a service is made of: routes, event subscriptions, and what to close. */
export interface ServiceParts {
  routes(app: HttpApp): void | Promise<void>;
  subscriptions?: Subscription[];
  close?(): Promise<void>;
}

/**
 * A service, as its `service.ts` exports it. `main.ts`, the embedded launcher and the tests all
 * start it through `startService`, so it runs the same way everywhere.
 */
export interface ServiceDefinition<DB = unknown> {
  name: string;
  migrations: Record<string, Migration>;
  /** True when the service appends events: an outbox relay then publishes them. */
  publishes: boolean;
  build(ctx: ServiceContext<DB>): ServiceParts | Promise<ServiceParts>;
}

export interface StartServiceOptions {
  databaseUrl: string;
  /** Defaults to the service's name. */
  schema?: string;
  bus: EventBus;
  logger: Logger;
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  production?: boolean;
  poolSize?: number;
  /**
   * Leave the outbox relay stopped until `startRelay()`. With the in-process bus, an event
   * published before its consumer subscribed reaches nobody, so a launcher starting several
   * services in one process subscribes them all first, then starts the relays.
   */
  deferRelay?: boolean;
}

export interface RunningService<DB = unknown> {
  name: string;
  app: HttpApp;
  url: string;
  database: Database<DB>;
  relay?: OutboxRelay;
  /** Starts the outbox relay (once); only needed with `deferRelay`. */
  startRelay(): Promise<void>;
  stop(): Promise<void>;
}

export async function startService<DB>(
  definition: ServiceDefinition<DB>,
  options: StartServiceOptions,
): Promise<RunningService<DB>> {
  const logger = options.logger.child({ service: definition.name });
  const database = createDatabase<DB>({
    url: options.databaseUrl,
    schema: options.schema ?? definition.name,
    max: options.poolSize,
  });
  try {
    await migrate(database as Database<unknown>, definition.migrations);
  } catch (err) {
    await database.close();
    throw describeDatabaseError(err, options.databaseUrl);
  }
  const parts = await definition.build({
    name: definition.name,
    logger,
    database,
    bus: options.bus,
    production: options.production ?? false,
  });
  const app = createHttpApp({
    name: definition.name,
    logger,
    readiness: {
      database: () => database.pool.query('SELECT 1'),
      bus: () => options.bus.ping(),
    },
  });
  await parts.routes(app);
  const url = await app.listen({ host: options.host ?? '127.0.0.1', port: options.port ?? 0 });

  for (const subscription of parts.subscriptions ?? []) await options.bus.subscribe(subscription);
  let relay: OutboxRelay | undefined;
  if (definition.publishes) {
    relay = new OutboxRelay({
      database: database as Database<unknown>,
      producer: definition.name,
      bus: options.bus,
      logger,
    });
  }
  let relayStarted: Promise<void> | undefined;
  const startRelay = () => {
    relayStarted ??= relay?.start() ?? Promise.resolve();
    return relayStarted;
  };
  if (!options.deferRelay) await startRelay();
  logger.info({ url }, `${definition.name} listening`);

  return {
    name: definition.name,
    app,
    url,
    database,
    relay,
    startRelay,
    async stop() {
      await app.close();
      await relay?.stop();
      await parts.close?.();
      await database.close();
    },
  };
}

/** Turns "connection refused" into a sentence that says what to start. */
export function describeDatabaseError(err: unknown, url: string): Error {
  const code = (err as { code?: string }).code;
  if (code === 'ECONNREFUSED' || code === 'ENOTFOUND') {
    const safe = url.replace(/\/\/[^@]*@/, '//');
    return new Error(
      `Cannot reach Postgres at ${safe}: start PostgreSQL (see README, "Running"), or set DATABASE_URL.`,
    );
  }
  return err instanceof Error ? err : new Error(String(err));
}
