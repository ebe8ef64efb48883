import { sqlMigration, uploadedMediaMigration } from '@waco/platform';
import type { Migration } from 'kysely/migration';

/**
 * Photos in messages: each message's object paths, and which user uploaded which image (media's
 * `MediaUploaded`, the platform's table), so that a message carries only its sender's own uploads.
 */
export const messagePhotos: Migration = {
  async up(db) {
    await uploadedMediaMigration.up(db);
    await sqlMigration(
      `ALTER TABLE messages ADD COLUMN IF NOT EXISTS image_paths text[] NOT NULL DEFAULT '{}'`,
    ).up(db);
  },
};
