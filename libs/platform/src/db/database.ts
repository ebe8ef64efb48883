import { Kysely, type Migration, Migrator, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { platformMigrations } from './platform-migrations';

// Postgres bigint and numeric come back as strings by default; counters fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export interface Database<DB = unknown> {
  db: Kysely<DB>;
  pool: pg.Pool;
  schema: string;
  url: string;
  close(): Promise<void>;
}

/**
 * Connects to Postgres with every connection's `search_path` set to the service's own schema,
 * so that queries and migrations name tables without a schema and a test can use a fresh one.
 */
export function createDatabase<DB>(options: { url: string; schema: string; max?: number }): Database<DB> {
  assertIdentifier(options.schema);
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.max ?? 10,
    options: `-c search_path=${options.schema},public`,
  });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    pool,
    schema: options.schema,
    url: options.url,
    close: () => db.destroy(),
  };
}

/** Creates the schema when missing and runs the platform's and then the service's migrations. */
export async function migrate(database: Database<unknown>, migrations: Record<string, Migration>) {
  const db = database.db as Kysely<unknown>;
  await sql`CREATE SCHEMA IF NOT EXISTS ${sql.id(database.schema)}`.execute(db);
  const migrator = new Migrator({
    db,
    migrationTableSchema: database.schema,
    provider: { getMigrations: async () => ({ ...platformMigrations, ...migrations }) },
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
