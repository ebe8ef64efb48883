import { groupsCopyMigration } from '@waco/platform';
import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Posts in a group: each post's group in messaging's copy of posts (null outside one), and the
 * platform's copy of groups' privacy and memberships (the tables posts keeps too), so that a
 * private group's post is talked about only between its members.
 */
export const groupPosts: Migration = {
  async up(db) {
    await sql`ALTER TABLE posts ADD COLUMN group_id uuid`.execute(db);
    await groupsCopyMigration.up(db);
  },
};
