import { sqlMigration } from '@waco/platform';

/**
 * Notifications' copy of post titles, learnt from `PostCreated` and `PostEdited` (opened with the
 * owner's key): the other post events carry no text of their owner's. A row goes with its post
 * (`PostDeleted`) and with its owner's account (`UserDeleted`).
 */
export const postTitles = sqlMigration(
  `
      CREATE TABLE post_titles (post_id uuid PRIMARY KEY, owner_id uuid NOT NULL, title text NOT NULL)`,
  `CREATE INDEX post_titles_owner_idx ON post_titles (owner_id)`,
);
