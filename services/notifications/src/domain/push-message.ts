import type { Notification, PushMessage } from '@waco/contracts';

/** The app page a notification opens: the conversation, the post, or the notifications page. */
function pageOf({ type, relatedId }: Notification): string {
  if (!relatedId) return type === 'message' ? '/messages' : '/notifications';
  const id = encodeURIComponent(relatedId);
  return type === 'message' ? `/messages?conversation=${id}` : `/post/${id}`;
}

/** What a device shows for a notification; one tag per subject, so a newer one replaces the last. */
export function pushMessageOf(notification: Notification): PushMessage {
  return {
    title: notification.title,
    body: notification.message,
    url: pageOf(notification),
    tag: `${notification.type}:${notification.relatedId ?? notification.id}`,
  };
}
