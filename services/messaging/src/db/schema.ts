import type { UserDirectoryTable } from '@waco/platform';
import type { ColumnType, Selectable } from 'kysely';
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
}

export interface MessagingDatabase extends MessagingModerationTables {
  /** Messaging's copy of users' names and avatars, from identity's events. */
  users: UserDirectoryTable;
  /** Messaging's copy of posts' titles, first photos and owners, from posts' events. */
  posts: PostsCopyTable;
  messages: MessagesTable;
  conversation_members: ConversationMembersTable;
}

export type MessageRow = Selectable<MessagesTable>;

/** The read tables built from messaging's own events: what a rebuild empties and refills. */
export const PROJECTED_TABLES = ['messages', 'conversation_members'] as const;
