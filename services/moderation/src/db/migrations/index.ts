import type { Migration } from 'kysely/migration';
import { users } from '../users';
import { moderationTables } from './0001_moderation';
import { limitBursts } from './0003_limit_bursts';
import { commentsVerified } from './0004_comments_verified';
import { admins } from './0005_admins';
import { directoryCopies } from './0006_directory_copies';
import { groupsEvents } from './0007_groups_events';

/** moderation's migrations, run in name order after the platform's `0000_` ones. */
export const moderationMigrations: Record<string, Migration> = {
  '0001_moderation': moderationTables,
  '0002_user_directory': users.migration,
  // Members who reached a posting or messaging limit (posts' and messaging's events).
  '0003_limit_bursts': limitBursts,
  // Reported comments (posts' events) and the verified mark.
  '0004_comments_verified': commentsVerified,
  // The operator's console role.
  '0005_admins': admins,
  // Reported businesses and reviews (directory's events), and those hidden.
  '0006_directory_copies': directoryCopies,
  // Reported groups and events (groups' events), and those hidden now.
  '0007_groups_events': groupsEvents,
};
