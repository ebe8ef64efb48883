import type { Migration } from 'kysely/migration';
import { notificationsStreams } from './0001_notifications_streams';

/** Notifications' migrations, run in name order after the platform's `0000_` ones. */
export const notificationsMigrations: Record<string, Migration> = {
  '0001_notifications_streams': notificationsStreams,
};
