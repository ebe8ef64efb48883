import { sqlMigration } from '@waco/platform';

/**
 * What the digest leaves out besides hidden and deleted posts: a post closed (sold, found, filled)
 * or expired, until it is reopened or renewed (`open`, with the position of the event that set it
 * in the post's stream, so that an older one handled late never overwrites a newer one).
 */
export const digestPostStates = sqlMigration(
  `ALTER TABLE digest_posts ADD COLUMN IF NOT EXISTS open boolean NOT NULL DEFAULT true`,
  `ALTER TABLE digest_posts ADD COLUMN IF NOT EXISTS open_position bigint NOT NULL DEFAULT 0`,
);
