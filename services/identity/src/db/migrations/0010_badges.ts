import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Badges and reputation: `user_badges` (spec section 3; a projection of the `badges-…` streams),
 * each member's tallies, reputation and verified mark (`member_standing`, kept from posts' and
 * moderation's events and identity's `EmailVerified`), and the sale posts already counted as sold
 * (`standing_sold_posts`: a post sold, reopened and sold again counts once).
 */
export const badges: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      CREATE TABLE user_badges (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        badge_type text NOT NULL,
        earned_at timestamptz NOT NULL,
        UNIQUE (user_id, badge_type)
      )`.execute(db);
    await sql`
      CREATE TABLE member_standing (
        user_id uuid PRIMARY KEY,
        email_verified boolean NOT NULL DEFAULT false,
        posts integer NOT NULL DEFAULT 0,
        events_hosted integer NOT NULL DEFAULT 0,
        comment_likes integer NOT NULL DEFAULT 0,
        sales integer NOT NULL DEFAULT 0,
        upheld_reports integer NOT NULL DEFAULT 0,
        suspensions integer NOT NULL DEFAULT 0,
        reputation_score integer NOT NULL DEFAULT 0,
        is_verified boolean NOT NULL DEFAULT false,
        verified_position bigint NOT NULL DEFAULT 0
      )`.execute(db);
    await sql`CREATE TABLE standing_sold_posts (post_id uuid PRIMARY KEY, user_id uuid NOT NULL)`.execute(db);
    // Until now the verified mark was the verified email; it is the moderators' mark from here,
    // and a verified email is a badge (the consumer gives it from EmailVerified).
    await sql`
      INSERT INTO member_standing (user_id, email_verified)
      SELECT id, true FROM users WHERE email_verified IS NOT NULL`.execute(db);
  },
};
