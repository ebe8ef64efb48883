import { z } from 'zod';
import { Timestamp, Uuid } from './common';

export const NOTIFICATION_TYPES = [
  'like',
  'comment',
  'follow',
  'message',
  'post_mention',
  'comment_reply',
  'interested',
] as const;
export const NotificationType = z.enum(NOTIFICATION_TYPES);

export const Notification = z.object({
  id: Uuid,
  userId: Uuid,
  type: NotificationType,
  title: z.string(),
  message: z.string(),
  relatedId: z.string().nullable(),
  isRead: z.boolean(),
  createdAt: Timestamp,
});
export type Notification = z.infer<typeof Notification>;
export const NotificationList = z.object({
  notifications: z.array(Notification),
  unreadCount: z.number().int(),
});
