import { userDirectory } from '@waco/platform';
import type { Kysely } from 'kysely';
import { displayName } from '../domain/notification-rules';
import type { NotificationsDatabase } from './schema';

/** Notifications' copy of identity's users (the platform's user directory): names for titles. */
export const users = userDirectory('users');

/** The name a notification shows for a user. */
export async function nameOf(db: Kysely<NotificationsDatabase>, userId: string): Promise<string> {
  return displayName(await users.find(db, userId));
}
