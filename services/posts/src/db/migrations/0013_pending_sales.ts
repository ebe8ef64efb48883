import { sqlMigration } from '@waco/platform';

/** A sale held by an accepted offer ("Pending", before sold): when it became so, null when not. */
export const pendingSales = sqlMigration(`ALTER TABLE posts ADD COLUMN IF NOT EXISTS pending_at timestamptz`);
