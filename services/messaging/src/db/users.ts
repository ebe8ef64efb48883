import { userDirectory } from '@waco/platform';
import type { Kysely } from 'kysely';
import type { MessagingDatabase } from './schema';

/**
 * Messaging's copy of identity's users (the platform's user directory): who can be messaged,
 * and the names and avatars conversation lists show, without asking identity.
 */
export const users = userDirectory('users');

/** True when identity has told messaging about this user. */
export async function userExists(db: Kysely<MessagingDatabase>, userId: string): Promise<boolean> {
  return (await users.find(db, userId)) !== undefined;
}
