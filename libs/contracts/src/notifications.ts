import { z } from 'zod';
import { offsetPageQuery, Timestamp, Uuid } from './common';
import { MINUTE_MS } from './constants';
import { Message } from './messaging';

export const NOTIFICATION_TYPES = [
  'like',
  'comment',
  'follow',
  'message',
  // A deal in a conversation: an offer made, countered, accepted or declined (relatedId is the
  // conversation's id).
  'offer',
  'post_mention',
  'comment_reply',
  'interested',
  // A post's lifecycle: to those who saved it, answered it, or searched for it.
  'post_closed',
  'price_drop',
  'post_deleted',
  'event_changed',
  'saved_search_match',
  // A member one follows, with alerts on, posted.
  'followed_post',
  'expiry_reminder',
  // moderation: a reporter hears how their report was resolved
  'report_resolved',
  // groups' community events: to those signed up (relatedId is the event's id).
  'event_reminder',
  'community_event_changed',
  'community_event_cancelled',
  // A place freed up and went to the first of the waitlist (relatedId is the event's id).
  'community_event_promoted',
  // An invitation to a group (relatedId is the group's id): accept or decline.
  'group_invitation',
  // An invitation to a community event (relatedId is the event's id).
  'event_invitation',
] as const;
export const NotificationType = z.enum(NOTIFICATION_TYPES);
export type NotificationType = z.infer<typeof NotificationType>;

export const NOTIFICATION_NOT_FOUND = 'Notification not found';
/** Unliking and liking again within this window gives no second notification. */
export const NOTIFICATION_REPEAT_WINDOW_MS = 10 * MINUTE_MS;
export const NOTIFICATIONS_PAGE_SIZE = 50;
export const NOTIFICATIONS_PAGE_SIZE_MAX = 100;

export const Notification = z.object({
  id: Uuid,
  userId: Uuid,
  type: NotificationType,
  title: z.string(),
  message: z.string(),
  /** A post id (like, interested) or a conversation id (message). */
  relatedId: z.string().nullable(),
  /** Who did it (the liker, the sender): the web groups and shows avatars by it. */
  actorId: Uuid.nullable(),
  isRead: z.boolean(),
  createdAt: Timestamp,
});
export type Notification = z.infer<typeof Notification>;
export const NotificationList = z.object({
  notifications: z.array(Notification),
  unreadCount: z.number().int(),
});
export type NotificationList = z.infer<typeof NotificationList>;

export const NotificationsQuery = offsetPageQuery(
  NOTIFICATIONS_PAGE_SIZE_MAX,
  NOTIFICATIONS_PAGE_SIZE,
  100_000,
);
export const NotificationIdParams = z.strictObject({ id: z.string().max(100) });
export const MarkAllReadResponse = z.object({ updated: z.number().int(), unreadCount: z.number().int() });

/** What is unread for a user: notifications, and messages over all their conversations. */
export const UnreadCounts = z.object({ notifications: z.number().int(), messages: z.number().int() });
export type UnreadCounts = z.infer<typeof UnreadCounts>;

// The live stream, `GET /api/stream` (Server-Sent Events). Every event has an `id:`, the user's
// own sequence number; a browser reconnecting with `Last-Event-ID` gets what came after it. On
// connect the stream first replays what was missed, then sends `unread` with the current counts.

/** Heartbeat comment interval, which keeps proxies from closing an idle stream. */
export const STREAM_HEARTBEAT_MS = 25_000;
/** How long a browser waits before reconnecting (the stream's `retry:`). */
export const STREAM_RETRY_MS = 2_000;

export const STREAM_EVENTS = {
  /** A new notification: a `Notification`. */
  notification: Notification,
  /** A new message in one of the user's conversations, sent or received: a `Message`. */
  message: Message,
  /** The user's unread counts changed: `UnreadCounts`. */
  unread: UnreadCounts,
} as const;
export type StreamEventName = keyof typeof STREAM_EVENTS;
export type StreamEventData<N extends StreamEventName> = z.infer<(typeof STREAM_EVENTS)[N]>;
