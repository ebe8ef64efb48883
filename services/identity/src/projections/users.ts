import { type EventEnvelope, ProfileUpdated, UserRegistered } from '@waco/contracts';
import { readAllEvents } from '@waco/platform';
import { type Kysely, sql } from 'kysely';
import { type IdentityDatabase, untyped } from '../db/schema';

/**
 * Applies user events to the users table. Called with the events appendToStream returns, in the
 * same transaction, and by `rebuildUsers` with the whole log. Other event types are ignored.
 */
export async function projectUserEvents(trx: Kysely<IdentityDatabase>, events: EventEnvelope[]) {
  for (const event of events) {
    if (event.type === UserRegistered.type) {
      const data = UserRegistered.schema.parse(event.data);
      await trx
        .insertInto('users')
        .values({
          id: data.userId,
          email: data.email,
          first_name: data.firstName,
          last_name: data.lastName,
          profile_image_url: data.profileImageUrl,
          bio: null,
          location: null,
          phone: null,
          email_verified: null,
          google_id: null,
          apple_id: null,
          meta_id: null,
          twitter_id: null,
          // The log's own clock, for creation and every later update alike.
          created_at: event.occurredAt,
          updated_at: event.occurredAt,
          version: event.streamPosition,
        })
        .execute();
    } else if (event.type === ProfileUpdated.type) {
      const data = ProfileUpdated.schema.parse(event.data);
      await trx
        .updateTable('users')
        .set({
          first_name: data.firstName,
          last_name: data.lastName,
          bio: data.bio,
          location: data.location,
          profile_image_url: data.profileImageUrl,
          updated_at: event.occurredAt,
          version: event.streamPosition,
        })
        .where('id', '=', data.userId)
        .execute();
    }
  }
}

/** Rebuilds the users table from the event log: proof that it is a projection and nothing more. */
export async function rebuildUsers(db: Kysely<IdentityDatabase>) {
  await db.transaction().execute(async (trx) => {
    await sql`LOCK TABLE users IN EXCLUSIVE MODE`.execute(trx);
    await trx.deleteFrom('users').execute();
    for await (const event of readAllEvents(untyped(trx))) await projectUserEvents(trx, [event]);
  });
}
