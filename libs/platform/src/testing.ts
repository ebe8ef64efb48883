import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import type { EventDefinition } from '@waco/contracts';
import pg from 'pg';
import { createBus } from './bus/create-bus';
import type { EventBus } from './bus/event-bus';
import { JetStreamBus } from './bus/jetstream-bus';
import { assertIdentifier } from './db/database';
import { createLogger, type Logger } from './logger';
import { type RunningService, type ServiceDefinition, startService } from './service';
import { recordPublished } from './testing/events';
import { type TestResponse, testClient } from './testing/http-client';

/**
 * The test kit (`@waco/platform/testing`): real Postgres and NATS, a fresh schema and bus prefix
 * per test file (below); waiting on conditions, requests to a service, a live-stream client and
 * playing another service's events (in testing/).
 */
// Spans recorded in memory, by the same OpenTelemetry SDK the platform's tracing runs on.
export {
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace';
export { deciderSpecification } from './events/decider-specification';
export * from './testing/bus-wrapper';
export * from './testing/decider-fixtures';
export * from './testing/events';
export * from './testing/groups';
export * from './testing/http-client';
export * from './testing/loopback-trap';
export * from './testing/members';
export * from './testing/page-meta';
export * from './testing/posts';
export * from './testing/servers';

import { TEST_DATABASE_URL, TEST_NATS_URL } from './testing/servers';

export * from './testing/sse-client';
export * from './testing/upstreams';
export * from './testing/wait-for';

export const testLogger = createLogger({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });

/** A short unique lower-case name, for schemas and bus prefixes. */
export const uniqueName = (base: string) => `${base}_${randomBytes(4).toString('hex')}`;

/** Fails loudly, naming what to start, when Postgres is not there. */
export async function requirePostgres(url = TEST_DATABASE_URL) {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (err) {
    throw new Error(
      `Postgres is not reachable at ${url} (${(err as Error).message}). Start it: bash scripts/ensure-services.sh`,
    );
  } finally {
    await client.end().catch(() => {});
  }
}

/** Fails loudly, naming what to start, when NATS is not there. */
export async function requireNats(url = TEST_NATS_URL) {
  const { hostname, port } = new URL(url);
  await new Promise<void>((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port || 4222) });
    socket.once('connect', () => {
      socket.end();
      resolve();
    });
    socket.once('error', (err) =>
      reject(
        new Error(
          `NATS is not reachable at ${url} (${err.message}). Start it: bash scripts/ensure-services.sh`,
        ),
      ),
    );
  });
}

export interface TestBusOptions {
  /** Reuse a prefix to reach the same streams and durable consumers again (a "restart"). */
  prefix?: string;
  logger?: Logger;
  /** JetStream: how long the server waits for an ack before redelivering. */
  ackWaitMs?: number;
}

/** A bus of the given kind; JetStream gets a unique prefix and deletes its streams on close. */
export async function createTestBus(kind: 'nats' | 'memory', options: string | TestBusOptions = {}) {
  const opts = typeof options === 'string' ? { prefix: options } : options;
  const prefix = opts.prefix ?? uniqueName('t').replace('_', '');
  if (kind === 'nats') await requireNats();
  const bus = await createBus({
    kind,
    natsUrl: TEST_NATS_URL,
    prefix,
    logger: opts.logger ?? testLogger,
    ackWaitMs: opts.ackWaitMs,
  });
  return {
    bus,
    prefix,
    async close() {
      if (bus instanceof JetStreamBus) await bus.deleteStreams().catch(() => {});
      await bus.close();
    },
  };
}

/** Deletes the JetStream streams of a run whose processes used `prefix` (they leave them behind). */
export async function deleteTestStreams(prefix: string) {
  await (await createTestBus('nats', prefix)).close();
}

/**
 * A run's own names on the machine's Postgres and NATS JetStream, for processes a test starts
 * there (both checked reachable first): a schema suffix and a bus prefix from one unique tag.
 */
export async function serverNamesForRun(name: string) {
  await requirePostgres();
  await requireNats();
  const tag = uniqueName(name).split('_')[1] as string;
  const schemaSuffix = `_${tag}`;
  const busPrefix = `${name}${tag}`;
  return {
    schemaSuffix,
    busPrefix,
    /** Drops the schemas of `services` under the suffix, then deletes the run's streams. */
    async remove(services: readonly string[]) {
      for (const service of services) await dropSchema(`${service}${schemaSuffix}`);
      await deleteTestStreams(busPrefix);
    },
  };
}

/** Someone who signed up through the HTTP API: their id and session cookie (`sid=...`). */
export interface SignedUpUser {
  id: string;
  cookie: string;
  /** The sign-up's answer, for a test that checks more of it (its headers). */
  response: TestResponse;
}

/**
 * Signs someone up at `base` (the gateway, or identity itself) with a unique email, and fails
 * (with the answer) unless that is a 201 with a session cookie. `headers` adds request headers
 * (an Origin, an X-Forwarded-For).
 */
export async function signUpAt(
  base: string,
  person: { firstName: string; lastName?: string; email?: string; password?: string },
  headers: Record<string, string> = {},
): Promise<SignedUpUser> {
  const json = {
    lastName: 'Waco',
    email: `${uniqueName(person.firstName.toLowerCase())}@example.com`,
    password: 'correct horse battery',
    ...person,
  };
  const response = await testClient(base)('POST', '/api/signup', { json, headers });
  const cookie = response.headers.get('set-cookie')?.split(';')[0] ?? '';
  if (response.status !== 201 || !cookie.startsWith('sid=')) {
    throw new Error(
      `sign-up answered ${response.status} (cookie ${cookie || 'none'}): ${JSON.stringify(response.body)}`,
    );
  }
  return { id: response.body.id as string, cookie, response };
}

/**
 * Starts a service on a fresh schema (or the one given); `stop` drops the schema, unless
 * `keepSchema` says other instances share it (the test drops it at the end).
 */
export async function startTestService<DB>(
  definition: ServiceDefinition<DB>,
  options: {
    bus: EventBus;
    schema?: string;
    keepSchema?: boolean;
    poolSize?: number;
    production?: boolean;
    development?: boolean;
    /** identity's address, for the personal-data keys of sealed event fields. */
    identityUrl?: string;
  },
): Promise<RunningService<DB> & { schema: string }> {
  await requirePostgres();
  const schema = options.schema ?? uniqueName(definition.name);
  const running = await startService(definition, {
    databaseUrl: TEST_DATABASE_URL,
    schema,
    bus: options.bus,
    logger: testLogger,
    production: options.production,
    development: options.development,
    poolSize: options.poolSize ?? 4,
    identityUrl: options.identityUrl,
  });
  return {
    ...running,
    schema,
    async stop() {
      await running.stop();
      if (!options.keepSchema) await dropSchema(schema);
    },
  };
}

export async function dropSchema(schema: string, url = TEST_DATABASE_URL) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    assertIdentifier(schema);
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  } finally {
    await client.end();
  }
}

/** Runs SQL on a service's pool (its schema on the search path); answers the rows. */
export function queryRows(pool: pg.Pool) {
  return <R extends Record<string, unknown>>(text: string, values: unknown[] = []) =>
    pool.query<R>(text, values).then((r) => r.rows);
}

/**
 * Row counts of tables, under the name a test gives each (`{ likes: 'post_likes' }`), in one
 * query: what a test compares before and after a request that must write nothing.
 */
export async function countRows(
  query: ReturnType<typeof queryRows>,
  tables: Record<string, string>,
): Promise<Record<string, number>> {
  const columns = Object.entries(tables).map(([name, table]) => {
    assertIdentifier(name);
    assertIdentifier(table);
    return `(SELECT count(*) FROM ${table})::int AS ${name}`;
  });
  const [row] = await query<Record<string, number>>(`SELECT ${columns.join(', ')}`);
  return row ?? {};
}

/**
 * A free TCP port on the loopback interface, for a server a test starts on a port it must know
 * first. Picked below Linux's ephemeral range (32768 and up): a port there, free when looked at,
 * may be handed to another server listening on port 0 or to an outgoing connection before the
 * test's own server binds it (EADDRINUSE in a browser test, once).
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const free = await new Promise<boolean>((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (free) return port;
    if (attempt >= 50) throw new Error('No free port found between 20000 and 32000');
  }
}

/** A free port for each of `names` (the processes of a stack, say). */
export async function freePorts<N extends string>(names: readonly N[]): Promise<Record<N, number>> {
  const ports = await Promise.all(names.map(async (name) => [name, await freePort()] as const));
  return Object.fromEntries(ports) as Record<N, number>;
}

/**
 * A service under test, as every service's harness starts it: on a fresh schema and a test bus
 * (in process unless told JetStream), with a recorder of the events it publishes (`publishes`),
 * requests through `inject` (or over HTTP with `over: 'http'`) and SQL on its schema.
 */
export async function startServiceUnderTest<DB>(
  definition: ServiceDefinition<DB>,
  options: {
    bus?: 'memory' | 'nats';
    publishes?: readonly EventDefinition[];
    over?: 'inject' | 'http';
    production?: boolean;
    development?: boolean;
  } = {},
) {
  const testBus = await createTestBus(options.bus ?? 'memory');
  const published = await recordPublished(testBus.bus, definition.name, options.publishes ?? []);
  const running = await startTestService(definition, {
    bus: testBus.bus,
    production: options.production,
    development: options.development,
  });
  return {
    running,
    url: running.url,
    bus: testBus.bus,
    db: running.database.db,
    published: published.events,
    waitForPublished: published.waitFor,
    /** A request as the gateway forwards it: `as` plays its `x-user-id` header. */
    call: testClient(options.over === 'http' ? running.url : running.app),
    query: queryRows(running.database.pool),
    async stop() {
      await running.stop();
      await testBus.close();
    },
  };
}

/** The machine's Chromium for browser tests; fails naming what to install when it is missing. */
export function requireChromium(path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'): string {
  if (!existsSync(path)) {
    throw new Error(`Chromium is not at ${path}: apt-get install -y chromium (or set CHROMIUM_PATH)`);
  }
  return path;
}

/** How tests start Chromium: headless, and quiet (no network, updates or sync of its own). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
