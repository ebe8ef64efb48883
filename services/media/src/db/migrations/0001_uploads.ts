import { sqlMigration } from '@waco/platform';

export const uploads = sqlMigration(
  `
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
      )`,
  // The sweeper looks for pending uploads that were never finished.
  `CREATE INDEX uploads_pending_idx ON uploads (created_at) WHERE status = 'pending'`,
);
