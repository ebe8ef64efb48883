import { uploadedMediaMigration } from '@waco/platform';
import type { Migration } from 'kysely/migration';
import { usersCredentialsSessions } from './0001_users_credentials_sessions';
import { loginThrottle } from './0003_login_throttle';
import { accountTokensMailOutbox } from './0004_account_tokens_mail_outbox';
import { userKeys } from './0005_user_keys';
import { userLanguage } from './0006_user_language';
import { knownDevices } from './0007_known_devices';
import { deletedAccounts } from './0008_deleted_accounts';
import { follows } from './0009_follows';
import { badges } from './0010_badges';

/** Identity's migrations, run in name order after the platform's `0000_` ones. */
export const identityMigrations: Record<string, Migration> = {
  '0001_users_credentials_sessions': usersCredentialsSessions,
  // Each user's completed uploads (media's MediaUploaded): a profile photo must be one of them.
  '0002_uploaded_media': uploadedMediaMigration,
  '0003_login_throttle': loginThrottle,
  '0004_account_tokens_mail_outbox': accountTokensMailOutbox,
  // Personal-data keys (crypto-shredding).
  '0005_user_keys': userKeys,
  // The language of each member's mails and pushes.
  '0006_user_language': userLanguage,
  // Devices an account signed in from: their failed sign-ins are counted apart.
  '0007_known_devices': knownDevices,
  // Deleted accounts' ids, kept with the keys (a restore of an older backup completes them).
  '0008_deleted_accounts': deletedAccounts,
  // Who follows whom, and the copy of moderation's blocks and suspensions a follow goes by.
  '0009_follows': follows,
  // Badges, reputation and the verified mark.
  '0010_badges': badges,
};
