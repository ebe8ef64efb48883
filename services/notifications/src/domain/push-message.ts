import { type Language, type Notification, type PushMessage, translateServerMessage } from '@waco/contracts';

/** Notifications about a community event (groups'): their `relatedId` is the event's. */
const COMMUNITY_EVENT_TYPES = new Set<Notification['type']>([
  'event_reminder',
  'community_event_changed',
  'community_event_cancelled',
  'community_event_promoted',
]);

/**
 * The app page a notification opens: the conversation, the new follower's profile, the community
 * event, the post, or the notifications page (an invitation: its Accept and Decline are there).
 */
function pageOf({ type, relatedId, actorId }: Notification): string {
  if (type === 'follow' && actorId) return `/user/${encodeURIComponent(actorId)}`;
  if (type === 'group_invitation' || type === 'event_invitation') return '/notifications';
  const conversation = type === 'message' || type === 'offer';
  if (!relatedId) return conversation ? '/messages' : '/notifications';
  const id = encodeURIComponent(relatedId);
  if (conversation) return `/messages?conversation=${id}`;
  return COMMUNITY_EVENT_TYPES.has(type) ? `/events/${id}` : `/post/${id}`;
}

/**
 * What a device shows for a notification, in its recipient's language (notifications are stored
 * in English, the server's words); one tag per subject, so a newer one replaces the last.
 */
export function pushMessageOf(notification: Notification, lang: Language): PushMessage {
  return {
    title: translateServerMessage(notification.title, lang),
    // A message's body is the sender's own words: never taken for one of the server's sentences.
    body:
      notification.type === 'message'
        ? notification.message
        : translateServerMessage(notification.message, lang),
    url: pageOf(notification),
    tag: `${notification.type}:${notification.relatedId ?? notification.id}`,
  };
}
