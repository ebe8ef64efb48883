import { userDirectory } from '@waco/platform';
import type { Kysely } from 'kysely';
import type { MessagingDatabase } from './schema';

/**
 * Messaging's copy of identity's users (the platform's user directory): who can be messaged,
 * and the names and avatars conversation lists show, without asking identity; and each member's
 * standing (when they signed up, whether they verified their email), which the limit on
 * messaging new people goes by.
 */
export const users = userDirectory('users', { standing: true });

/** True when identity has told messaging about this user. */
export async function userExists(db: Kysely<MessagingDatabase>, userId: string): Promise<boolean> {
  return (await users.find(db, userId)) !== undefined;
}
