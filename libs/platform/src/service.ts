import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { sleep } from './backoff';
import type { EventBus, Subscription } from './bus/event-bus';
import { observeBus } from './bus/observe-bus';
import type { Database } from './db/database';
import { type EventStore, inTransaction } from './events/command-handler';
import type { OutboxRelay } from './events/outbox-relay';
import { createHttpApp, type HttpApp } from './http/app';
import { forService, type Logger } from './logger';
import type { KeyRing, PersonalData } from './personal-data/personal-data';
import type { Projection } from './projections/projection';
import { openServiceDatabase } from './service/database';
import { personalDataOf, withPersonalFieldsOpened } from './service/personal-fields';
import { serviceReadiness } from './service/readiness';
import { ServiceRelay } from './service/relay';

// Its parts, in service/, are part of the platform's face too.
export { describeDatabaseError } from './service/database';
export { personalDataOf } from './service/personal-fields';

/** What a service is given to build itself. */
export interface ServiceContext<DB = unknown> {
  name: string;
  logger: Logger;
  database: Database<DB>;
  /** Where its commands append events (`handleCommand`): applies the declared projections. */
  events: EventStore<DB>;
  bus: EventBus;
  /** Production sets Secure cookies. */
  production: boolean;
  /**
   * Development was asked for explicitly (`NODE_ENV=development`, or a test saying so): only then
   * do test helpers such as the dev sign-in exist. Unset or any other value is not development.
   */
  development: boolean;
}

/**
 * What a service's commands and queries run against, whatever the service: its `commands/deps.ts`
 * extends it with its own settings.
 */
export interface CommandDeps<DB> {
  db: Kysely<DB>;
  /** Where commands append events and project them. */
  events: EventStore<DB>;
  logger: Logger;
  /** The clock; tests may fix it. */
  now(): Date;
}

/** A service's `CommandDeps` from its context: its database, events and logger, and the real clock. */
export function commandDeps<DB>(ctx: ServiceContext<DB>): CommandDeps<DB> {
  return { db: ctx.database.db, events: ctx.events, logger: ctx.logger, now: () => new Date() };
}

/**
 * The same dependencies at work in `trx` (a consumer's inbox transaction): their queries read and
 * their commands append inside it, and commit or roll back with it.
 */
export function commandDepsIn<DB, Deps extends CommandDeps<DB>>(deps: Deps, trx: Kysely<DB>): Deps {
  return { ...deps, db: trx, events: inTransaction(deps.events, trx) };
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
  /**
   * The read models built from the service's own events. Its commands apply them as they append;
   * `npm run rebuild -- <service>` replays the log through them (projections/rebuild.ts).
   */
  projections?: readonly Projection<DB>[];
  /** Postgres settings each of its connections starts with (its pool's `-c name=value`). */
  databaseSettings?: Readonly<Record<string, string>>;
  build(ctx: ServiceContext<DB>): ServiceParts | Promise<ServiceParts>;
  /** Identity only: the personal-data keys it keeps itself (others ask it, `identityUrl`). */
  keyRing?(database: Database<DB>): KeyRing;
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
  /** See `ServiceContext.development`; false unless given. */
  development?: boolean;
  poolSize?: number;
  /**
   * Leave the outbox relay stopped until `startRelay()`. With the in-process bus, an event
   * published before its consumer subscribed reaches nobody, so a launcher starting several
   * services in one process subscribes them all first, then starts the relays.
   */
  deferRelay?: boolean;
  /**
   * On stop, how long to answer "not ready" while still serving before the listener closes, so
   * that a load balancer polling /readyz has stopped sending new requests (default 0).
   */
  shutdownDelayMs?: number;
  /** Where identity answers `/internal/user-keys/:id`, to seal and open personal fields. */
  identityUrl?: string;
  /**
   * identity's key ring itself, when identity runs in this process (the embedded stack): keys
   * are read without an HTTP round trip, and stay readable while identity stops (its relay's
   * last events still reach the others' handlers after its HTTP server has closed).
   */
  keyRing?: KeyRing;
  /** One access-log line per request (LOG_REQUESTS; default on). */
  accessLog?: boolean;
}

export interface RunningService<DB = unknown> {
  name: string;
  app: HttpApp;
  url: string;
  database: Database<DB>;
  relay?: OutboxRelay;
  /** Seals and opens personal fields of events (identity's keys), when the service has access. */
  personalData?: PersonalData;
  /** Starts the outbox relay (once); only needed with `deferRelay`. */
  startRelay(): Promise<void>;
  /**
   * The first half of a graceful stop: readiness off, stop accepting connections, finish the
   * requests in flight, publish what they committed. The bus may then be closed (its handlers
   * still have the database) before `stop`.
   */
  drain(): Promise<void>;
  /** Drains (if not yet done), then closes the service's parts and its database. */
  stop(): Promise<void>;
}

export async function startService<DB>(
  definition: ServiceDefinition<DB>,
  options: StartServiceOptions,
): Promise<RunningService<DB>> {
  const logger = forService(options.logger, definition.name);
  const database = await openServiceDatabase<DB>({
    url: options.databaseUrl,
    schema: options.schema ?? definition.name,
    migrations: definition.migrations,
    poolSize: options.poolSize,
    logger,
    settings: definition.databaseSettings,
  });
  const personalData = personalDataOf(definition, database, options.identityUrl, options.keyRing);
  const parts = await definition.build({
    name: definition.name,
    logger,
    database,
    events: {
      db: database.db,
      schema: database.schema,
      projections: definition.projections ?? [],
      personalData,
    },
    bus: options.bus,
    production: options.production ?? false,
    development: (options.development ?? false) && !options.production,
  });
  const relay = new ServiceRelay(definition.publishes, {
    database,
    producer: definition.name,
    bus: options.bus,
    logger,
  });
  let stopping = false;
  const app = createHttpApp({
    name: definition.name,
    logger,
    // A service's port is internal (only the gateway is public): its /metrics is served there.
    metrics: true,
    accessLog: options.accessLog,
    readiness: serviceReadiness({ stopping: () => stopping, database, bus: options.bus, relay: relay.relay }),
  });
  await parts.routes(app);
  observeBus(options.bus);
  const stopObserving = relay.observe();
  app.addHook('onClose', (_app, done) => {
    stopObserving();
    done();
  });
  const url = await app.listen({ host: options.host ?? '127.0.0.1', port: options.port ?? 0 });

  for (const subscription of parts.subscriptions ?? [])
    await options.bus.subscribe(withPersonalFieldsOpened(subscription, personalData));
  if (!options.deferRelay) await relay.start();
  logger.info({ url }, `${definition.name} listening`);

  let drained: Promise<void> | undefined;
  const drain = () => {
    drained ??= (async () => {
      // Not ready first, so that a load balancer stops sending; then stop accepting, let the
      // requests in flight finish, and publish what they committed.
      stopping = true;
      if (options.shutdownDelayMs) await sleep(options.shutdownDelayMs);
      await app.close();
      await relay.stop();
    })();
    return drained;
  };

  return {
    name: definition.name,
    app,
    url,
    database,
    relay: relay.relay,
    personalData,
    startRelay: relay.start,
    drain,
    async stop() {
      await drain();
      await parts.close?.();
      await database.close();
    },
  };
}
