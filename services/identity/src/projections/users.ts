import {
  EmailVerified,
  ERASED,
  type EventEnvelope,
  languageOf,
  ProfileUpdated,
  UserDeleted,
  UserRegistered,
} from '@waco/contracts';
import { defineProjection } from '@waco/platform';
import type { Kysely, Updateable } from 'kysely';
import type { IdentityDatabase, UsersTable } from '../db/schema';
import { projectFollowEvent } from './follows';

/**
 * Applies user events to the users table. Called with the events appendToStream returns, in the
 * same transaction, and by the platform's rebuild with the whole log. Other event types are ignored.
 */
export async function projectUserEvents(trx: Kysely<IdentityDatabase>, events: EventEnvelope[]) {
  for (const event of events) {
    await projectFollowEvent(trx, event);
    if (event.type === UserRegistered.type) {
      const data = UserRegistered.schema.parse(event.data);
      // An erased email: the account was deleted (its key destroyed); a rebuild leaves it out.
      if (data.email === ERASED) continue;
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
          language: languageOf(data.language),
        })
        .execute();
    } else if (event.type === ProfileUpdated.type) {
      const { userId, ...profile } = ProfileUpdated.schema.parse(event.data);
      await updateUser(trx, userId, event, {
        first_name: profile.firstName,
        last_name: profile.lastName,
        bio: profile.bio,
        location: profile.location,
        profile_image_url: profile.profileImageUrl,
        // An edit from before languages says nothing of it: the language stays.
        ...(profile.language === undefined ? {} : { language: languageOf(profile.language) }),
      });
    } else if (event.type === UserDeleted.type) {
      // The email may register again; nothing of the account stays.
      await trx.deleteFrom('users').where('id', '=', UserDeleted.schema.parse(event.data).userId).execute();
    } else if (event.type === EmailVerified.type) {
      const data = EmailVerified.schema.parse(event.data);
      // The verified mark (isVerified) is the moderators' (db/standing.ts); a verified email is a badge.
      await updateUser(trx, data.userId, event, { email_verified: data.verifiedAt });
    }
  }
}

/** Changes a user's row as `event` says, stamping it with the event's time and position. */
function updateUser(
  trx: Kysely<IdentityDatabase>,
  userId: string,
  event: EventEnvelope,
  changes: Updateable<UsersTable>,
) {
  return trx
    .updateTable('users')
    .set({ ...changes, updated_at: event.occurredAt, version: event.streamPosition })
    .where('id', '=', userId)
    .execute();
}

/** The users and follows tables are a projection and nothing more: credentials and sessions are not events. */
export const usersProjection = defineProjection<IdentityDatabase>({
  name: 'users',
  // Follows with the counts they keep in users: rebuilt together.
  tables: ['users', 'follows'],
  apply: projectUserEvents,
});
