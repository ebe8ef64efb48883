import { uploadedMediaMigration } from '@waco/platform';
import type { Migration } from 'kysely/migration';
import { moderation } from '../moderation';
import { users } from '../users';
import { groupsAndEvents } from './0001_groups_events';
import { groupInvitations } from './0005_group_invitations';

/** groups' migrations, run in name order after the platform's `0000_` ones. */
export const groupsMigrations: Record<string, Migration> = {
  '0001_groups_events': groupsAndEvents,
  // Copies of other services' data: users' names, suspensions and blocks, uploads.
  '0002_user_directory': users.migration,
  '0003_moderation_copies': moderation.migration,
  '0004_uploaded_media': uploadedMediaMigration,
  '0005_group_invitations': groupInvitations,
  // Groups and events moderators hid (the moderation copy's new tables).
  '0006_hidden_groups_events': moderation.migration,
};
