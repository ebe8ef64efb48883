import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Copies of posts' facts that decide who hears of a post's lifecycle (issue 15): who saved it,
 * who answered an event, who saved which search, and which matches were already told. Each
 * copy row keeps the position of the event that set it in its (post, user) stream, so that a
 * save and its undoing handled out of order by two consumers end as posts has them.
 */
export const postLifecycle: Migration = {
  async up(db: Kysely<unknown>) {
    for (const table of ['post_savers', 'event_attendees']) {
      await sql`
        CREATE TABLE ${sql.id(table)} (
          post_id uuid NOT NULL,
          user_id uuid NOT NULL,
          active boolean NOT NULL,
          position integer NOT NULL,
          PRIMARY KEY (post_id, user_id)
        )`.execute(db);
    }
    await sql`
      CREATE TABLE saved_searches (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        query text,
        category text,
        neighborhood text,
        min_price numeric(10, 2),
        max_price numeric(10, 2)
      )`.execute(db);
    await sql`
      CREATE TABLE saved_search_notices (
        user_id uuid NOT NULL,
        post_id uuid NOT NULL,
        PRIMARY KEY (user_id, post_id)
      )`.execute(db);
  },
};
