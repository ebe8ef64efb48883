import { groupsCopyMigration, uploadedMediaMigration } from '@waco/platform';
import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { authors } from '../authors';
import { followsCopyMigration } from '../follows';
import { memberMarksMigration } from '../member-marks';
import { moderation } from '../moderation';
import { postsReactionsFilters } from './0001_posts_reactions_filters';
import { lifecycle } from './0004_lifecycle';
import { memberLimits } from './0006_member_limits';
import { comments } from './0007_comments';
import { hashtagsMentions } from './0009_hashtags_mentions';
import { commentLimits } from './0011_comment_limits';
import { pendingSales } from './0013_pending_sales';

/**
 * The posts service's migrations, run in name order after the platform's `0000_` ones. 0001 once
 * created `authors` and `uploaded_media` itself; the building blocks' migrations create them only
 * where they are missing, so a database migrated before keeps its rows.
 */
export const postsMigrations: Record<string, Migration> = {
  '0001_posts_reactions_filters': postsReactionsFilters,
  // Authors' names and avatars (identity's events): the platform's user directory.
  '0002_authors': authors.migration,
  // Each user's completed uploads (media's MediaUploaded): a post's photos must be among them.
  '0003_uploaded_media': uploadedMediaMigration,
  // A post's lifecycle (state, expiry, edits) and saved searches.
  '0004_lifecycle': lifecycle,
  // Blocks, suspensions and hidden posts (moderation's events): the platform's building block.
  '0005_moderation_copies': moderation.migration,
  // Limits per member on posting: authors' standing, and their latest posts in the log.
  '0006_member_limits': memberLimits,
  // Comments, replies and their likes.
  '0007_comments': comments,
  // Who follows whom (identity's events), for the Following feed.
  '0008_follows': followsCopyMigration,
  // Hashtags and their posts; mentions beside comments' and posts' texts.
  '0009_hashtags_mentions': hashtagsMentions,
  // Hidden comments (the moderation copy's new table) and members' marks: verified, badges.
  '0010_marks_hidden_comments': {
    async up(db) {
      await moderation.migration.up(db);
      await memberMarksMigration.up(db);
    },
  },
  // Limits per member on commenting: their latest comments in the log.
  '0011_comment_limits': commentLimits,
  // Authors' names folded for search (no case, no accents): the `@` suggestions.
  '0012_author_search_names': authors.migration,
  // A sale held by an accepted offer in messaging: pending, before sold.
  '0013_pending_sales': pendingSales,
  // Posts in a group (posts.group_id), and groups' copy: which are public, who is a member.
  '0014_group_posts': {
    async up(db) {
      await sql`ALTER TABLE posts ADD COLUMN group_id uuid`.execute(db);
      // A group's feed, newest first, as the feed's keyset pages it.
      await sql`CREATE INDEX posts_group_feed_idx ON posts (group_id, created_at DESC, id DESC)
                WHERE group_id IS NOT NULL`.execute(db);
      await groupsCopyMigration.up(db);
    },
  },
  // Hidden groups and events (the moderation copy's new tables): a hidden group's posts vanish.
  '0015_hidden_groups': moderation.migration,
  // The posts still shown (visible_until ahead), found by range: a search's full-text matches
  // are ANDed with them before any row is read, so a word found in a year of expired and sold
  // posts costs what its live matches do (bench/scale.ts: a million posts, search p99 97 ms).
  '0016_visible_posts': {
    async up(db) {
      await sql`CREATE INDEX posts_visible_until_idx ON posts (visible_until)`.execute(db);
    },
  },
};
