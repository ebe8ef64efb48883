import { uploadedMediaMigration } from '@waco/platform';
import type { Migration } from 'kysely/migration';
import { moderation } from '../moderation';
import { users } from '../users';
import { businessesAndReviews, rolesAndFollows } from './0001_directory';

/** directory's migrations, run in name order after the platform's `0000_` ones. */
export const directoryMigrations: Record<string, Migration> = {
  '0001_directory': businessesAndReviews,
  // Copies of other services' data: users' names, suspensions and blocks, uploads, roles, follows.
  '0002_user_directory': users.migration,
  '0003_moderation_copies': moderation.migration,
  '0004_uploaded_media': uploadedMediaMigration,
  '0005_roles_follows': rolesAndFollows,
};
