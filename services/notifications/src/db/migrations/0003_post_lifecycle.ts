import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Copies of posts' facts that decide who hears of a post's lifecycle: who saved it,
 * who answered an event (each row as of the position, in its (post, user) stream, of the event
 * that set it: a save and its undoing handled out of order end as posts has them), who saved
 * which search (its criteria as the event gave them), and which matches were already told.
 */
export const postLifecycle: Migration = {
  async up(db: Kysely<unknown>) {
    for (const table of ['post_savers', 'event_attendees'])
      await sql`CREATE TABLE ${sql.id(table)} (post_id uuid, user_id uuid, active boolean NOT NULL,
        position integer NOT NULL, PRIMARY KEY (post_id, user_id))`.execute(db);
    await sql`CREATE TABLE saved_searches (id uuid PRIMARY KEY, user_id uuid NOT NULL, criteria jsonb NOT NULL)`.execute(
      db,
    );
    await sql`CREATE TABLE saved_search_notices (user_id uuid, post_id uuid, PRIMARY KEY (user_id, post_id))`.execute(
      db,
    );
  },
};
