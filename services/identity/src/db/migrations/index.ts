import type { Migration } from 'kysely/migration';
import { usersCredentialsSessions } from './0001_users_credentials_sessions';

/** Identity's migrations, run in name order after the platform's `0000_` ones. */
export const identityMigrations: Record<string, Migration> = {
  '0001_users_credentials_sessions': usersCredentialsSessions,
};
