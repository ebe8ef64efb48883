import type { Migration } from 'kysely/migration';
import { followAlertsMigration } from '../follow-alerts';
import { moderation } from '../moderation';
import { users } from '../users';
import { notificationsStreams } from './0001_notifications_streams';
import { postLifecycle } from './0003_post_lifecycle';
import { pushSubscriptions } from './0004_push_subscriptions';
import { unnamedActors } from './0007_unnamed_actors';
import { postTitles } from './0008_post_titles';
import { notificationSettings } from './0011_notification_settings';
import { digestPostStates } from './0012_digest_post_states';
import { eventReminders } from './0013_event_reminders';

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
  // Blocks and suspensions (moderation's events): the platform's building block.
  '0005_moderation_copies': moderation.migration,
  // Each member's language, for their pushes: the directory's migration again, now
  // adding the column to the table 0002 made.
  '0006_user_languages': users.migration,
  '0007_unnamed_actors': unnamedActors,
  // Post events carry no title (their owner's text): notifications keeps its own copy.
  '0008_post_titles': postTitles,
  // Whose follows ask for an alert when the member followed posts (identity's events).
  '0010_follow_alerts': followAlertsMigration,
  // The digest leaves out hidden posts: the copy's table of them (moderation's events).
  '0011_hidden_posts_copy': moderation.migration,
  // Per-kind choices, the digest, and the mails they send.
  '0011_notification_settings': notificationSettings,
  // The digest leaves out closed and expired posts too.
  '0012_digest_post_states': digestPostStates,
  // groups' community events: reminders before they start, notices when they change.
  '0013_event_reminders': eventReminders,
};
