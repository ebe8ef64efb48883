import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { afterEach, beforeAll } from 'vitest';
import { createDatabase, type Database, migrate } from '../src/db/database';
import { dropSchema, requirePostgres, TEST_DATABASE_URL, uniqueName } from '../src/testing';

/** Each test of the file on a fresh schema (named after `prefix`), dropped after it. */
export function schemaPerTest(prefix: string) {
  let database: Database | undefined;
  beforeAll(() => requirePostgres());
  afterEach(async () => {
    if (!database) return;
    await database.close();
    await dropSchema(database.schema);
    database = undefined;
  });
  return {
    /** This test's schema, with these migrations run. */
    migrated: async (migrations: Record<string, Migration>): Promise<Kysely<unknown>> => {
      database = createDatabase({ url: TEST_DATABASE_URL, schema: uniqueName(prefix), max: 2 });
      await migrate(database, migrations);
      return database.db;
    },
    /** Migrates this test's schema again, with migrations added since (as a deploy does). */
    migrate: async (migrations: Record<string, Migration>) => {
      if (!database) throw new Error('migrated() first');
      await migrate(database, migrations);
    },
  };
}
