import { readCopyWhenCaughtUp, userDirectory } from '@waco/platform';
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

/**
 * How long a request naming a member messaging has not heard of waits for identity's event. A
 * member who just signed up can be messaged the moment their profile shows (a link shared in
 * that second), before their UserRegistered reaches messaging; an id nobody knows costs this
 * wait before its 404.
 */
export const NEW_MEMBER_WAIT_MS = 2_000;

/** True when identity has told messaging about this user, waiting a little for news of a new one. */
export function userKnown(db: Kysely<MessagingDatabase>, userId: string): Promise<boolean> {
  return readCopyWhenCaughtUp(() => userExists(db, userId), Boolean, NEW_MEMBER_WAIT_MS);
}
