import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Photos no longer used are retired: a status for them, and who uses each photo,
 * copied from posts' and identity's events.
 */
export const photoUses: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`ALTER TABLE uploads DROP CONSTRAINT IF EXISTS uploads_status_check`.execute(db);
    await sql`
      ALTER TABLE uploads ADD CONSTRAINT uploads_status_check
        CHECK (status IN ('pending', 'ready', 'rejected', 'abandoned', 'retired'))`.execute(db);
    await sql`CREATE TABLE photo_uses (object_path text, used_by text, PRIMARY KEY (object_path, used_by))`.execute(
      db,
    );
    await sql`CREATE INDEX photo_uses_user_idx ON photo_uses (used_by)`.execute(db);
  },
};
