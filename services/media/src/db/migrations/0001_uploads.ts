import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

export const uploads: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      CREATE TABLE uploads (
        key text PRIMARY KEY,
        owner_id text NOT NULL,
        status text NOT NULL CHECK (status IN ('pending', 'ready', 'rejected', 'abandoned')),
        declared_type text NOT NULL,
        multipart_upload_id text UNIQUE,
        content_type text,
        size bigint,
        width integer,
        height integer,
        etag text,
        variants jsonb NOT NULL DEFAULT '[]',
        variants_at timestamptz,
        rejection text,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        version integer NOT NULL
      )`.execute(db);
    // The sweeper looks for pending uploads that were never finished.
    await sql`CREATE INDEX uploads_pending_idx ON uploads (created_at) WHERE status = 'pending'`.execute(db);
  },
};
