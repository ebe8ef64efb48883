import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Notifications' copy of post titles, learnt from `PostCreated` and `PostEdited` (opened with the
 * owner's key): the other post events carry no text of their owner's. A row goes with its post
 * (`PostDeleted`) and with its owner's account (`UserDeleted`).
 */
export const postTitles: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      CREATE TABLE post_titles (post_id uuid PRIMARY KEY, owner_id uuid NOT NULL, title text NOT NULL)`.execute(
      db,
    );
    await sql`CREATE INDEX post_titles_owner_idx ON post_titles (owner_id)`.execute(db);
  },
};
