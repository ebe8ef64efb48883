import { userDirectory } from '@waco/platform';
import type { Kysely } from 'kysely';
import { displayName } from '../domain/notification-rules';
import type { NotificationsDatabase } from './schema';

/**
 * Notifications' copy of identity's users (the platform's user directory): names for titles, and
 * each member's language for their pushes.
 */
export const users = userDirectory('users', { languages: true });

/** Names read ahead for a batch's transaction (`learnNames`), so its events need no query each. */
const learned = new WeakMap<Kysely<NotificationsDatabase>, Map<string, string>>();

/** Reads the names of these users in one query, for `nameOf` in the same transaction. */
export async function learnNames(trx: Kysely<NotificationsDatabase>, userIds: Array<string | undefined>) {
  const ids = userIds.filter((id): id is string => typeof id === 'string');
  const found = await users.findMany(trx, ids);
  learned.set(trx, new Map(ids.map((id) => [id, displayName(found.get(id))])));
}

/** The name a notification shows for a user. */
export async function nameOf(db: Kysely<NotificationsDatabase>, userId: string): Promise<string> {
  return learned.get(db)?.get(userId) ?? displayName(await users.find(db, userId));
}
