import type { Migration } from 'kysely/migration';
import { createDatabase, type Database, migrate } from '../db/database';
import type { Logger } from '../logger';

/** The service's pool on its own schema, migrated; a database out of reach says what to start. */
export async function openServiceDatabase<DB>(options: {
  url: string;
  schema: string;
  migrations: Record<string, Migration>;
  poolSize?: number;
  logger: Logger;
  settings?: Readonly<Record<string, string>>;
}): Promise<Database<DB>> {
  const database = createDatabase<DB>({
    url: options.url,
    schema: options.schema,
    max: options.poolSize,
    logger: options.logger,
    settings: options.settings,
  });
  try {
    await migrate(database, options.migrations);
  } catch (err) {
    await database.close();
    throw describeDatabaseError(err, options.url);
  }
  return database;
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
