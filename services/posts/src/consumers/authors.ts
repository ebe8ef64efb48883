import { type EventEnvelope, ProfileUpdated, UserRegistered } from '@waco/contracts';
import { idempotentHandler, type Subscription } from '@waco/platform';
import type { Kysely } from 'kysely';
import type { PostsDatabase } from '../db/schema';

/** The inbox name of every consumer in this service. */
export const CONSUMER = 'posts';

/**
 * identity's `UserRegistered` and `ProfileUpdated` → the authors table: posts keeps its own copy
 * of names and avatars so that the feed never calls identity. The email is not copied: posts
 * never shows it.
 */
export function authorsSubscription(db: Kysely<PostsDatabase>): Subscription {
  return {
    consumer: CONSUMER,
    producer: 'identity',
    types: [UserRegistered.type, ProfileUpdated.type],
    handle: idempotentHandler(db, CONSUMER, (event, trx) => upsertAuthor(trx, event)),
  };
}

export async function upsertAuthor(db: Kysely<PostsDatabase>, event: EventEnvelope) {
  const data =
    event.type === UserRegistered.type
      ? UserRegistered.schema.parse(event.data)
      : ProfileUpdated.schema.parse(event.data);
  const author = {
    id: data.userId,
    first_name: data.firstName,
    last_name: data.lastName,
    profile_image_url: data.profileImageUrl,
    updated_at: event.occurredAt,
  };
  // A user's events come in order (one stream), but a redelivered older one must not win.
  await db
    .insertInto('authors')
    .values(author)
    .onConflict((oc) =>
      oc
        .column('id')
        .doUpdateSet({
          first_name: author.first_name,
          last_name: author.last_name,
          profile_image_url: author.profile_image_url,
          updated_at: author.updated_at,
        })
        .where('authors.updated_at', '<=', new Date(event.occurredAt)),
    )
    .execute();
}
