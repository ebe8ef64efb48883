import { type EventEnvelope, ProfileUpdated, UserRegistered } from '@waco/contracts';
import type { Kysely } from 'kysely';
import { displayName } from '../domain/notification-rules';
import type { NotificationsDatabase } from './schema';

/** Keeps the copy of a user's name from UserRegistered or ProfileUpdated. */
export async function upsertUser(db: Kysely<NotificationsDatabase>, event: EventEnvelope) {
  const data =
    event.type === UserRegistered.type
      ? UserRegistered.schema.parse(event.data)
      : ProfileUpdated.schema.parse(event.data);
  const user = { first_name: data.firstName, last_name: data.lastName, updated_at: event.occurredAt };
  // A user's events arrive in order, but a redelivered older one must not overwrite a newer.
  await db
    .insertInto('users')
    .values({ id: data.userId, ...user })
    .onConflict((oc) =>
      oc.column('id').doUpdateSet(user).where('users.updated_at', '<=', new Date(event.occurredAt)),
    )
    .execute();
}

/** The name a notification shows for a user. */
export async function nameOf(db: Kysely<NotificationsDatabase>, userId: string): Promise<string> {
  const row = await db
    .selectFrom('users')
    .select(['first_name as firstName', 'last_name as lastName'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return displayName(row);
}
