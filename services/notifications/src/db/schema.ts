import type { SavedSearchCriteria } from '@waco/contracts';
import type { UserDirectoryTable } from '@waco/platform';
import type { ColumnType, Generated, Selectable } from 'kysely';
import type { NotificationsModerationTables } from './moderation';

/** A timestamptz column: read as a Date, written as a Date or an ISO string. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** Notifications as spec section 3 has them; `source_event_id` is the event that made one. */
export interface NotificationsTable {
  id: string;
  user_id: string;
  type: string;
  title: string;
  message: string;
  related_id: string | null;
  related_position: number | null;
  actor_id: string | null;
  is_read: Generated<boolean>;
  created_at: Timestamp;
  source_event_id: string;
}

/**
 * When a recipient was last told that an actor did something to a post (e.g. liked it): a repeat
 * within the window (an unlike and a like again) tells them nothing new.
 */
export interface NotificationRepeatsTable {
  recipient_id: string;
  kind: string;
  actor_id: string;
  post_id: string;
  notified_at: Timestamp;
}

/** A message a user received, by its position in the conversation's stream. */
export interface ConversationInboxTable {
  user_id: string;
  conversation_id: string;
  position: number;
}

/** How far a user has read a conversation (opened it, or written in it). */
export interface ConversationReadsTable {
  user_id: string;
  conversation_id: string;
  read_position: number;
}

/**
 * Each user's live stream is a log: `stream_cursors` holds the last sequence number given out
 * (its row lock orders a user's writers), `stream_events` what was pushed, kept for a while so
 * that a browser reconnecting with Last-Event-ID gets what it missed.
 */
export interface StreamCursorsTable {
  user_id: string;
  last_seq: number;
}

export interface StreamEventsTable {
  user_id: string;
  seq: number;
  event: string;
  data: ColumnType<unknown, string, string>;
  created_at: Generated<Date>;
}

/** Who saved a post (or answered an event), as of their stream's `position`. */
export interface PostFollowersTable {
  post_id: string;
  user_id: string;
  active: boolean;
  position: number;
}

/** A copy of posts' saved searches (`criteria`: the event's): new posts are matched against them. */
export interface SavedSearchesTable {
  id: string;
  user_id: string;
  criteria: ColumnType<SavedSearchCriteria, string, string>;
}

/** A saved-search match told: at most one notification per (user, post). */
export interface SavedSearchNoticesTable {
  user_id: string;
  post_id: string;
}

/** A device's Web Push subscription: where to send, and the keys to encrypt for it. */
export interface PushSubscriptionsTable {
  endpoint: string;
  user_id: string;
  p256dh: string;
  auth: string;
  created_at: Generated<Date>;
}

/** A post's title, from its owner's `PostCreated` and `PostEdited` (the other events carry none). */
export interface PostTitlesTable {
  post_id: string;
  owner_id: string;
  title: string;
}

/** Whose follows ask for an alert when the member followed posts (db/follow-alerts.ts). */
export interface FollowAlertsTable {
  follow_alerts: {
    follower_id: string;
    following_id: string;
    alerts: boolean;
    /** False once unfollowed (the digest lists posts of those followed). */
    following: Generated<boolean>;
    position: number;
  };
}

/** A member's choices (migration 0011): `kinds` holds only the kinds changed from the defaults. */
export interface NotificationSettingsTable {
  user_id: string;
  kinds: ColumnType<Record<string, unknown>, string, string>;
  digest: Generated<string>;
  digest_neighborhood: string | null;
  updated_at: Generated<Date>;
}

/** A mail to send: notifications gathered for a member, or one period's digest. */
export interface NotificationMailsTable {
  id: string;
  user_id: string;
  kind: 'notifications' | 'digest';
  period: string | null;
  items: ColumnType<unknown[], string, string>;
  total: Generated<number>;
  created_at: Generated<Date>;
  sealed_at: Timestamp | null;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  sent_at: Timestamp | null;
  last_error: string | null;
}

export interface NotificationsDatabase extends NotificationsModerationTables, FollowAlertsTable {
  /** Notifications' copy of users' names, from identity's events: who liked, who wrote. */
  users: UserDirectoryTable;
  notifications: NotificationsTable;
  notification_repeats: NotificationRepeatsTable;
  conversation_inbox: ConversationInboxTable;
  conversation_reads: ConversationReadsTable;
  stream_cursors: StreamCursorsTable;
  stream_events: StreamEventsTable;
  post_savers: PostFollowersTable;
  event_attendees: PostFollowersTable;
  saved_searches: SavedSearchesTable;
  saved_search_notices: SavedSearchNoticesTable;
  push_subscriptions: PushSubscriptionsTable;
  post_titles: PostTitlesTable;
  notification_settings: NotificationSettingsTable;
  mail_addresses: { user_id: string; email: string };
  notification_mails: NotificationMailsTable;
  digest_posts: { post_id: string; owner_id: string; neighborhood: string; created_at: Timestamp };
  /** groups' community events, who signed up, and the reminders due (db/community-events.ts). */
  community_events: {
    event_id: string;
    title: string;
    location: string;
    start_date: Timestamp;
    cancelled: boolean;
    position: number;
  };
  community_event_attendees: { event_id: string; user_id: string; status: string | null; position: number };
  event_reminders: {
    event_id: string;
    kind: string;
    start_date: Timestamp;
    due_at: Timestamp;
    sent_at: Timestamp | null;
  };
}

export type NotificationRow = Selectable<NotificationsTable>;
