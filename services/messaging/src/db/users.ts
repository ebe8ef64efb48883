import { type EventEnvelope, ProfileUpdated, UserRegistered } from '@waco/contracts';
import type { Kysely } from 'kysely';
import type { MessagingDatabase } from './schema';

/** True when identity has told messaging about this user. */
export async function userExists(db: Kysely<MessagingDatabase>, userId: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
  return row !== undefined;
}

/** Keeps the copy of a user's name and avatar from UserRegistered or ProfileUpdated. */
export async function upsertUser(db: Kysely<MessagingDatabase>, event: EventEnvelope) {
  const data =
    event.type === UserRegistered.type
      ? UserRegistered.schema.parse(event.data)
      : ProfileUpdated.schema.parse(event.data);
  const user = {
    first_name: data.firstName,
    last_name: data.lastName,
    profile_image_url: data.profileImageUrl,
    updated_at: event.occurredAt,
  };
  // A user's events arrive in order, but a redelivered older one must not overwrite a newer.
  await db
    .insertInto('users')
    .values({ id: data.userId, ...user })
    .onConflict((oc) =>
      oc.column('id').doUpdateSet(user).where('users.updated_at', '<=', new Date(event.occurredAt)),
    )
    .execute();
}
