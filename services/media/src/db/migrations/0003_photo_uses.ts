import { sqlMigration } from '@waco/platform';

/**
 * Photos no longer used are retired: a status for them, and who uses each photo,
 * copied from posts' and identity's events.
 */
export const photoUses = sqlMigration(
  `ALTER TABLE uploads DROP CONSTRAINT IF EXISTS uploads_status_check`,
  `
      ALTER TABLE uploads ADD CONSTRAINT uploads_status_check
        CHECK (status IN ('pending', 'ready', 'rejected', 'abandoned', 'retired'))`,
  `CREATE TABLE photo_uses (object_path text, used_by text, PRIMARY KEY (object_path, used_by))`,
  `CREATE INDEX photo_uses_user_idx ON photo_uses (used_by)`,
);
