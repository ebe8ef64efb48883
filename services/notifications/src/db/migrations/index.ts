import type { Migration } from 'kysely/migration';
import { users } from '../users';
import { notificationsStreams } from './0001_notifications_streams';
import { postLifecycle } from './0003_post_lifecycle';
import { pushSubscriptions } from './0004_push_subscriptions';

/**
 * Notifications' migrations, run in name order after the platform's `0000_` ones. 0001 once
 * created `users` itself (without avatars); the user directory's migration creates it where it
 * is missing and adds the avatar column where it lacks it, so existing rows stay.
 */
export const notificationsMigrations: Record<string, Migration> = {
  '0001_notifications_streams': notificationsStreams,
  '0002_user_directory': users.migration,
  // Who saved, answered or searched for what: the recipients of a post's lifecycle.
  '0003_post_lifecycle': postLifecycle,
  '0004_push_subscriptions': pushSubscriptions,
};
