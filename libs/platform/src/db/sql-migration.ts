import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * A migration that runs these SQL statements in order. Each is sent as written: the same text
 * as a `sql` template without substitutions, so a migration rewritten into this form runs the
 * very SQL it ran before (those that have run must never change).
 */
export function sqlMigration(...statements: string[]): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const statement of statements) await sql.raw(statement).execute(db);
    },
  };
}
