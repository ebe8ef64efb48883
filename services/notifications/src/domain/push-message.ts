import type { Notification, PushMessage } from '@waco/contracts';

/** The app page a notification opens: the conversation list, the post, or the notifications page. */
function pageOf(notification: Notification): string {
  if (notification.type === 'message') return '/messages';
  if (notification.relatedId) return `/post/${encodeURIComponent(notification.relatedId)}`;
  return '/notifications';
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
