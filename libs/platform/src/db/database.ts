import {
  type DatabaseIntrospector,
  type Dialect,
  Kysely,
  PostgresDialect,
  type SchemaMetadata,
  sql,
  type TableMetadata,
} from 'kysely';
import { type Migration, Migrator } from 'kysely/migration';
import pg from 'pg';
import { settlesWithin } from '../bus/event-bus';
import type { Logger } from '../logger';
import { platformMigrations } from './platform-migrations';
import { prepareMarkedStatements } from './prepared-statements';
import { traceQueries } from './trace-queries';

// Postgres bigint and numeric come back as strings by default; counters fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export interface Database<DB = unknown> {
  db: Kysely<DB>;
  pool: pg.Pool;
  schema: string;
  url: string;
  /**
   * A connection of its own, outside the pool and set up like the pool's (`search_path`,
   * `application_name`, traced, prepared statements): for a holder that keeps it for the life
   * of the process (the outbox relay's LISTEN and advisory lock), so that it never takes one
   * of the pool's from requests. The caller ends it.
   */
  connectDedicated(): Promise<pg.Client>;
  close(): Promise<void>;
}

/**
 * Connects to Postgres with every connection's `search_path` set to the service's own schema,
 * so that queries and migrations name tables without a schema and a test can use a fresh one.
 */
export function createDatabase<DB>(options: {
  url: string;
  schema: string;
  max?: number;
  /** Told about connections that drop (restart, network); nothing else is needed of it. */
  logger?: Pick<Logger, 'warn'>;
  /** Postgres settings every connection starts with (`SET` before its first query, by Postgres). */
  settings?: Readonly<Record<string, string>>;
}): Database<DB> {
  assertIdentifier(options.schema);
  const startup = [`search_path=${options.schema},public`];
  for (const [name, value] of Object.entries(options.settings ?? {})) {
    // Written into the startup packet's options: names and values of plain characters only.
    if (!/^[a-z_][a-z0-9_.]*$/.test(name) || !/^[\w.,-]+$/.test(value))
      throw new Error(`Not a plain Postgres setting: ${name}=${value}`);
    startup.push(`${name}=${value}`);
  }
  const settings = {
    connectionString: options.url,
    options: startup.map((setting) => `-c ${setting}`).join(' '),
    // Who holds which connection, in pg_stat_activity (services share the server).
    application_name: options.schema,
    // While Postgres is away a request waits at most this long for a connection, then fails
    // (503) instead of hanging; the keep-alive notices a connection that died silently.
    connectionTimeoutMillis: 5_000,
    keepAlive: true,
  };
  const pool = new pg.Pool({ ...settings, max: options.max ?? 10 });
  // A dropped connection must never take the process down. An idle one is reported by the pool
  // (which replaces it); one checked out by a query or a transaction emits `error` on its client,
  // which with no listener would be an uncaught exception. That query fails instead, and the pool
  // throws the broken client away when it is released.
  const dropped = (err: Error) =>
    options.logger?.warn({ err: err.message, schema: options.schema }, 'database connection lost');
  pool.on('error', dropped);
  // Connections not yet closed: `pool.end()` resolves once it has asked them to close, before
  // Postgres has seen them go; `close` waits for that (Postgres stopped next would end them).
  const open = new Set<object>();
  let allClosed: (() => void) | undefined;
  pool.on('remove', (client) => {
    open.delete(client);
    if (open.size === 0) allClosed?.();
  });
  const setUp = (client: pg.Client) => {
    client.on('error', dropped);
    traceQueries(client, options.schema);
    prepareMarkedStatements(client);
  };
  pool.on('connect', (client) => {
    open.add(client);
    setUp(client);
  });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    pool,
    schema: options.schema,
    url: options.url,
    async connectDedicated() {
      const client = new pg.Client(settings);
      setUp(client);
      try {
        await client.connect();
      } catch (err) {
        await client.end().catch(() => {});
        throw err;
      }
      return client;
    },
    // Kysely ends the pool only when a query went through it; one that served only prepared
    // statements (pool.query) would keep its connections open past the service's stop.
    close: async () => {
      await db.destroy();
      if (!pool.ending) await pool.end();
      // Bounded: a connection whose socket is already gone has nothing left to wait for.
      if (open.size) await settlesWithin(new Promise<void>((resolve) => (allClosed = resolve)), 5_000);
    },
  };
}

/**
 * Creates the schema when missing and runs the platform's and then the service's migrations.
 * Safe when several replicas start at once: Kysely's Migrator creates the schema and its tables
 * tolerating a concurrent creator, and runs the migrations under a Postgres advisory lock, so one
 * replica migrates while the others wait and then find nothing left to do. It creates the schema
 * only when it is missing, so a role that owns a schema prepared for it (infra/postgres) needs
 * no right to create schemas in the database.
 */
export async function migrate<DB>(database: Database<DB>, migrations: Record<string, Migration>) {
  const migrator = new Migrator({
    // Not destroyed: it shares the service's pool.
    db: new Kysely<unknown>({ dialect: schemaScopedDialect(database.pool, database.schema) }),
    migrationTableSchema: database.schema,
    provider: { getMigrations: async () => ({ ...platformMigrations, ...migrations }) },
    // The platform's migrations touch only its own tables: one added later (its name sorts
    // before the service's) runs on a schema whose service migrations ran already.
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(
      `Migration ${failed?.migrationName ?? ''} failed in schema ${database.schema}: ${String(error)}`,
    );
  }
}

export function assertIdentifier(name: string) {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`Not a safe Postgres identifier: ${name}`);
}

/**
 * Kysely's Migrator asks the dialect's introspector whether its tables exist, and the Postgres
 * one reads every column of every table in every schema, resolving each schema by name: slow on
 * a shared server, and it fails ("schema ... does not exist") when another schema is dropped
 * meanwhile (parallel test files). The migrator only needs its own schema's tables.
 */
function schemaScopedDialect(pool: pg.Pool, schema: string): Dialect {
  const base = new PostgresDialect({ pool });
  return {
    createAdapter: () => base.createAdapter(),
    createDriver: () => base.createDriver(),
    createQueryCompiler: () => base.createQueryCompiler(),
    createIntrospector: (db) => new SchemaIntrospector(db, schema),
  };
}

class SchemaIntrospector implements DatabaseIntrospector {
  constructor(
    private readonly db: Kysely<unknown>,
    private readonly schema: string,
  ) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<SchemaMetadata>`
      SELECT nspname AS name FROM pg_catalog.pg_namespace WHERE nspname = ${this.schema}`.execute(this.db);
    return rows;
  }

  async getTables(): Promise<TableMetadata[]> {
    const { rows } = await sql<{ name: string; kind: string }>`
      SELECT c.relname AS name, c.relkind AS kind
      FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = ${this.schema} AND c.relkind IN ('r', 'p', 'v')`.execute(this.db);
    return rows.map((r) => ({
      name: r.name,
      schema: this.schema,
      isView: r.kind === 'v',
      isForeign: false,
      columns: [],
    }));
  }
}
