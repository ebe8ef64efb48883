import { sqlMigration } from '@waco/platform';

/**
 * The ids of deleted accounts and when (no personal data). Backed up with the keys, apart from
 * the main backup (scripts/backup-keys.sh): a main backup restored from before a deletion is
 * completed from it at identity's start (`completeDeletions`), as if the member deleted again.
 */
export const deletedAccounts = sqlMigration(
  `CREATE TABLE deleted_accounts (user_id uuid PRIMARY KEY, deleted_at timestamptz NOT NULL)`,
);
