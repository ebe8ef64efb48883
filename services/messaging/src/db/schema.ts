import type { OfferStatus } from '@waco/contracts';
import type { GroupCopyTables, UploadedMediaCopyTable, UserDirectoryTable } from '@waco/platform';
import type { ColumnType, Selectable } from 'kysely';
import type { PostStanding } from '../domain/deals';
import type { MessagingModerationTables } from './moderation';

/** A timestamptz column: read as a Date, written as a Date or an ISO string. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** Every message (spec section 3), a projection of the `conversation-{id}` streams. */
export interface MessagesTable {
  id: string;
  conversation_id: string;
  sender_id: string;
  recipient_id: string;
  content: string;
  is_read: boolean;
  created_at: Timestamp;
  /** Its photos' object paths (none: empty). */
  image_paths: ColumnType<string[], string[] | undefined, string[]>;
}

/**
 * One row per participant of a conversation that has messages: what their conversation list
 * shows (the latest message and their unread count), also a projection of the streams.
 */
export interface ConversationMembersTable {
  conversation_id: string;
  user_id: string;
  other_user_id: string;
  last_message_id: string;
  last_message: string;
  last_message_at: Timestamp;
  unread_count: number;
  /** The post the conversation is about: the latest one a message was sent about. */
  post_id: string | null;
}

/** A post as messaging keeps it; `position` is the event's position in the post's stream. */
export interface PostsCopyTable {
  id: string;
  owner_id: string;
  title: string;
  image_path: string | null;
  position: number;
  /** available, pending (an accepted offer), sold or closed, from posts' events. */
  standing: ColumnType<PostStanding, PostStanding | undefined, PostStanding>;
  /** The member it was sold to, when its owner named them. */
  sold_to: string | null;
  /** The group it was posted in (groups' copy: the platform's `groupsCopy`), or null. */
  group_id: ColumnType<string | null, string | null | undefined, string | null>;
}

/** An offer, a projection of the `offers-{conversation}` streams. */
export interface OffersTable {
  id: string;
  conversation_id: string;
  post_id: string;
  seller_id: string;
  buyer_id: string;
  from_id: string;
  to_id: string;
  amount_cents: number;
  status: OfferStatus;
  created_at: Timestamp;
  answered_at: Timestamp | null;
}

/** A rating, a projection of the `rating-{post}-{rater}` streams. */
export interface RatingsTable {
  id: string;
  post_id: string;
  rater_id: string;
  ratee_id: string;
  score: number;
  note: string;
  created_at: Timestamp;
}

export interface MessagingDatabase
  extends MessagingModerationTables,
    GroupCopyTables,
    UploadedMediaCopyTable {
  /** Messaging's copy of users' names and avatars, from identity's events. */
  users: UserDirectoryTable;
  /** Messaging's copy of posts' titles, first photos and owners, from posts' events. */
  posts: PostsCopyTable;
  messages: MessagesTable;
  conversation_members: ConversationMembersTable;
  offers: OffersTable;
  ratings: RatingsTable;
}

export type MessageRow = Selectable<MessagesTable>;

/** The read tables built from messaging's own events: what a rebuild empties and refills. */
export const PROJECTED_TABLES = ['messages', 'conversation_members'] as const;

/** The deals' read tables (projections/deals.ts). */
export const DEAL_TABLES = ['offers', 'ratings'] as const;
