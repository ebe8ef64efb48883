import { type EventEnvelope, UserDeleted } from '@waco/contracts';
import type { Migration } from 'kysely/migration';
import { sleep } from './backoff';
import { type EventBus, type Subscription, settlesWithin } from './bus/event-bus';
import { observeBus } from './bus/observe-bus';
import { createDatabase, type Database, migrate } from './db/database';
import type { EventStore } from './events/command-handler';
import { type OutboxLag, OutboxRelay } from './events/outbox-relay';
import { createHttpApp, type HttpApp } from './http/app';
import { forService, type Logger } from './logger';
import { observeGauge } from './metrics';
import { httpKeyRing, type KeyRing, PersonalData } from './personal-data/personal-data';
import type { Projection } from './projections/projection';

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

/** The service's personal-data access: its own key ring, or identity's route. */
export function personalDataOf<DB>(
  definition: Pick<ServiceDefinition<DB>, 'keyRing'>,
  database: Database<DB>,
  identityUrl: string | undefined,
  identityKeyRing?: KeyRing,
): PersonalData | undefined {
  if (definition.keyRing) return new PersonalData(definition.keyRing(database));
  // Identity's ring lent to another service reads identity's tables: never on that service's
  // transaction (another schema), always on identity's own pool.
  if (identityKeyRing)
    return new PersonalData({
      keyToSeal: (userId) => identityKeyRing.keyToSeal(userId),
      keyToOpen: (userId) => identityKeyRing.keyToOpen(userId),
      forget: (userId) => identityKeyRing.forget(userId),
    });
  return identityUrl ? new PersonalData(httpKeyRing(identityUrl)) : undefined;
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
  const database = createDatabase<DB>({
    url: options.databaseUrl,
    schema: options.schema ?? definition.name,
    max: options.poolSize,
    logger,
  });
  try {
    await migrate(database, definition.migrations);
  } catch (err) {
    await database.close();
    throw describeDatabaseError(err, options.databaseUrl);
  }
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
  let relay: OutboxRelay | undefined;
  if (definition.publishes) {
    relay = new OutboxRelay({
      database,
      producer: definition.name,
      bus: options.bus,
      logger,
    });
  }
  let stopping = false;
  const app = createHttpApp({
    name: definition.name,
    logger,
    // A service's port is internal (only the gateway is public): its /metrics is served there.
    metrics: true,
    accessLog: options.accessLog,
    // Ready means able to do the work: take requests, reach Postgres and the bus, consume and
    // publish events.
    readiness: {
      accepting: async () => {
        if (stopping) throw new Error('shutting down');
      },
      database: () => database.pool.query('SELECT 1'),
      bus: () => options.bus.ping(),
      // A durable consumer whose stream or consumer is gone is made again within seconds;
      // until then the service does not do its work, and says so.
      consumers: async () => options.bus.checkConsuming(),
      ...(relay ? { relay: async () => relay?.check() } : {}),
    },
  });
  await parts.routes(app);
  observeBus(options.bus);
  const stopObserving = relay ? observeRelay(definition.name, relay) : () => {};
  app.addHook('onClose', (_app, done) => {
    stopObserving();
    done();
  });
  const url = await app.listen({ host: options.host ?? '127.0.0.1', port: options.port ?? 0 });

  for (const subscription of parts.subscriptions ?? []) {
    // Handlers, one event or a batch, see personal fields readable (or erased once the key is
    // destroyed).
    const { handle, handleBatch } = subscription;
    const open = async (event: EventEnvelope) => {
      // The key is gone: drop it from the cache before anything opens with it again.
      if (event.type === UserDeleted.type)
        personalData?.keys.forget(UserDeleted.schema.parse(event.data).userId);
      return personalData ? personalData.openOne(event) : event;
    };
    await options.bus.subscribe(
      personalData
        ? {
            ...subscription,
            handle: async (event) => handle(await open(event)),
            ...(handleBatch && {
              handleBatch: async (events) => {
                const opened: EventEnvelope[] = [];
                for (const event of events) opened.push(await open(event));
                return handleBatch(opened);
              },
            }),
          }
        : subscription,
    );
  }
  let relayStarted: Promise<void> | undefined;
  const startRelay = () => {
    relayStarted ??= relay?.start() ?? Promise.resolve();
    return relayStarted;
  };
  if (!options.deferRelay) await startRelay();
  logger.info({ url }, `${definition.name} listening`);

  let drained: Promise<void> | undefined;
  const drain = () => {
    drained ??= (async () => {
      // Not ready first, so that a load balancer stops sending; then stop accepting, let the
      // requests in flight finish, and publish what they committed.
      stopping = true;
      if (options.shutdownDelayMs) await sleep(options.shutdownDelayMs);
      await app.close();
      if (relay && relayStarted) await settlesWithin(relay.flush(), RELAY_FLUSH_ON_STOP_MS);
      await relay?.stop();
    })();
    return drained;
  };

  return {
    name: definition.name,
    app,
    url,
    database,
    relay,
    personalData,
    startRelay,
    drain,
    async stop() {
      await drain();
      await parts.close?.();
      await database.close();
    },
  };
}

/** The outbox relay's lag: events committed but not published, and the age of the oldest. */
function observeRelay(producer: string, relay: OutboxRelay) {
  const attributes = { 'messaging.destination.name': producer };
  // One query answers both gauges of a collection.
  let reading: Promise<OutboxLag> | undefined;
  const read = () => {
    reading ??= relay.lag().finally(() => setTimeout(() => (reading = undefined), 100).unref());
    return reading;
  };
  const stopCount = observeGauge(
    'waco.outbox.lag',
    { description: 'Events committed but not yet published by the outbox relay', unit: '{event}' },
    async (report) => report((await read()).events, attributes),
  );
  const stopAge = observeGauge(
    'waco.outbox.lag.age',
    { description: 'How long the oldest unpublished event has waited', unit: 's' },
    async (report) => report((await read()).oldestSeconds, attributes),
  );
  return () => {
    stopCount();
    stopAge();
  };
}

/** On stop, how long the relay may take to publish what the last requests committed. */
const RELAY_FLUSH_ON_STOP_MS = 2_000;

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
