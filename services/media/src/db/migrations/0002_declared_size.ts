import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/** The size the uploader declared when it started: part URLs are signed for their share of it. */
export const declaredSize: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`ALTER TABLE uploads ADD COLUMN declared_size bigint`.execute(db);
  },
};
