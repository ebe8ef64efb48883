import { type EventEnvelope, expiryOf, extractHashtags, PostCreated } from '@waco/contracts';
import type { Kysely } from 'kysely';
import type { PostsDatabase } from '../db/schema';
import { syncPostHashtags } from './hashtags';

/**
 * `PostCreated` → a posts row, and its tags' rows. Takes many events at once so that a rebuild inserts a batch per
 * statement; a live write passes one. Times come from the event, so a rebuild reproduces them.
 */
export async function projectPostsCreated(trx: Kysely<PostsDatabase>, events: EventEnvelope[]) {
  if (events.length === 0) return;
  const rows = events.map((event) => {
    const post = PostCreated.schema.parse(event.data);
    // Posts made before expiry existed carry none: the rule gives the one they would have had.
    const expiresAt = post.expiresAt ?? expiryOf(post, event.occurredAt);
    return {
      id: post.postId,
      user_id: post.ownerId,
      title: post.title,
      description: post.description,
      category: post.category,
      neighborhood: post.neighborhood,
      price: post.price,
      company: post.company,
      salary: post.salary,
      event_date: post.eventDate,
      address: post.address,
      image_paths: post.imagePaths,
      contact_phone: post.contactPhone,
      contact_email: post.contactEmail,
      hashtags: extractHashtags(`${post.title}\n${post.description}`),
      mentions: JSON.stringify(post.mentions),
      created_at: event.occurredAt,
      updated_at: event.occurredAt,
      expires_at: expiresAt,
      visible_until: expiresAt,
      group_id: post.groupId,
    };
  });
  await trx.insertInto('posts').values(rows).execute();
  // Only the posts with tags have rows to add (and they have none to remove: they are new).
  await syncPostHashtags(
    trx,
    rows.filter((row) => row.hashtags.length > 0).map((row) => row.id),
    { created: true },
  );
}
