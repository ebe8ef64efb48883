import type { Language } from '@waco/contracts';
import type { ModerationCopyTables } from '@waco/platform';
import type { ColumnType, Generated, Selectable } from 'kysely';

/** A timestamptz column: read as a Date, written as a Date or an ISO string. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;

/**
 * The users read table (spec section 3), a projection of the `user-{id}` streams
 * (see projections/users.ts). `version` is the stream position the row reflects: the expected
 * version of the next append.
 */
export interface UsersTable {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  profile_image_url: string | null;
  bio: string | null;
  location: string | null;
  phone: string | null;
  email_verified: Timestamp | null;
  is_verified: Generated<boolean>;
  reputation_score: Generated<number>;
  followers_count: Generated<number>;
  following_count: Generated<number>;
  posts_count: Generated<number>;
  google_id: string | null;
  apple_id: string | null;
  meta_id: string | null;
  twitter_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: number;
  /** `en` or `es`: the language of the member's mails and pushes. */
  language: Generated<Language>;
}

/** Password hashes, kept apart from users so that secrets never reach events or read models. */
export interface CredentialsTable {
  user_id: string;
  password_hash: string;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** What a session row's `sess` column holds. */
export interface SessionData {
  userId: string;
  createdAt: string;
  userAgent: string | null;
}

/** Sessions as spec section 3 has them; `sid` is the SHA-256 of the cookie's token. */
export interface SessionsTable {
  sid: string;
  sess: ColumnType<SessionData, string, string>;
  expire: Timestamp;
}

/** Sign-in attempts without a success, per email (see domain/login-throttle.ts). */
export interface LoginThrottleTable {
  email: string;
  attempts: number;
  last_attempt_at: Timestamp;
  blocked_until: Timestamp | null;
}

/**
 * A device an account signed in from (its `did` cookie's token, hashed), with the failed sign-ins
 * to that account from that device (see domain/login-throttle.ts).
 */
export interface KnownDevicesTable {
  token_hash: string;
  user_id: string;
  signed_in_at: Timestamp;
  attempts: Generated<number>;
  last_attempt_at: Timestamp | null;
  blocked_until: Timestamp | null;
}

/** A mailed link's token, stored hashed (see domain/account-links.ts). */
export interface AccountTokensTable {
  token_hash: string;
  user_id: string;
  purpose: 'verify-email' | 'password-reset';
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

/** One mail per event that calls for one, keyed by the event's id (commands/mail-sender.ts). */
export interface MailOutboxTable {
  event_id: string;
  user_id: string;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  created_at: Generated<Date>;
  attempts: Generated<number>;
  next_attempt_at: ColumnType<Date, Date | string | undefined, Date | string>;
  sent_at: Timestamp | null;
  last_error: string | null;
}

/** A user's personal-data key (db/user-keys.ts). */
export interface UserKeysTable {
  user_id: string;
  key: Buffer;
  created_at: Generated<Date>;
}

/** A deleted account's id (the migration 0008_deleted_accounts says why). */
export interface DeletedAccountsTable {
  user_id: string;
  deleted_at: Date | string;
}

/** Who follows whom (a projection of the follow streams, projections/follows.ts). */
export interface FollowsTable {
  follower_id: string;
  following_id: string;
  alerts: Generated<boolean>;
  created_at: Timestamp;
}

/** A badge a member earned (a projection of the `badges-…` streams, projections/badges.ts). */
export interface UserBadgesTable {
  id: string;
  user_id: string;
  badge_type: string;
  earned_at: Timestamp;
}

/** A member's tallies, reputation and verified mark (db/standing.ts, kept from events). */
export interface MemberStandingTable {
  user_id: string;
  email_verified: Generated<boolean>;
  posts: Generated<number>;
  events_hosted: Generated<number>;
  comment_likes: Generated<number>;
  sales: Generated<number>;
  upheld_reports: Generated<number>;
  suspensions: Generated<number>;
  reputation_score: Generated<number>;
  is_verified: Generated<boolean>;
  verified_position: Generated<number>;
}

export interface IdentityDatabase extends ModerationCopyTables {
  follows: FollowsTable;
  user_badges: UserBadgesTable;
  member_standing: MemberStandingTable;
  standing_sold_posts: { post_id: string; user_id: string };
  users: UsersTable;
  credentials: CredentialsTable;
  sessions: SessionsTable;
  login_throttle: LoginThrottleTable;
  known_devices: KnownDevicesTable;
  account_tokens: AccountTokensTable;
  mail_outbox: MailOutboxTable;
  user_keys: UserKeysTable;
  deleted_accounts: DeletedAccountsTable;
}

export type UserRow = Selectable<UsersTable>;
