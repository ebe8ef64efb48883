import {
  type ConversationPost,
  type EventEnvelope,
  PostClosed,
  PostCreated,
  PostDeleted,
  PostEdited,
  PostMarkedPending,
  PostPendingCleared,
  PostReopened,
  thumbnailUrl,
} from '@waco/contracts';
import { groupFactsOf, inboxSubscription, type Subscription, sqlMigration } from '@waco/platform';
import { type Kysely, sql } from 'kysely';
import type { AboutPost } from '../domain/conversations';
import type { PostStanding } from '../domain/deals';
import type { MessagingDatabase } from './schema';

// Messaging's copy of posts: the title and first photo a conversation's list row and header
// show, whose the post is (a conversation can only be about a post by one of its two members)
// and its group (a private group's post is its members' only: the groups copy). Kept from posts'
// events, so the conversation list stays one request and one query.

export const postsCopyMigration = sqlMigration(
  `CREATE TABLE IF NOT EXISTS posts (id uuid PRIMARY KEY, owner_id uuid NOT NULL,
      title text NOT NULL, image_path text, position bigint NOT NULL)`,
  // The post a conversation is about: the latest one a message named (null for none).
  `ALTER TABLE conversation_members ADD COLUMN IF NOT EXISTS post_id uuid`,
);

type Db = Kysely<MessagingDatabase>;

/** Where the post stands after the event, and whom it was sold to; an older event handled late changes nothing. */
const stand = (
  trx: Db,
  event: EventEnvelope,
  postId: string,
  standing: PostStanding,
  soldTo: string | null = null,
) =>
  sql`UPDATE posts SET standing = ${standing}, sold_to = ${soldTo}, position = ${event.streamPosition}
    WHERE id = ${postId} AND position < ${event.streamPosition}`.execute(trx);
const keep: Record<string, (trx: Db, event: EventEnvelope) => Promise<unknown>> = {
  [PostCreated.type]: (trx, event) => {
    const d = PostCreated.schema.parse(event.data);
    return sql`INSERT INTO posts (id, owner_id, title, image_path, group_id, position)
      VALUES (${d.postId}, ${d.ownerId}, ${d.title}, ${d.imagePaths[0] ?? null}, ${d.groupId}, ${event.streamPosition})
      ON CONFLICT (id) DO NOTHING`.execute(trx);
  },
  [PostEdited.type]: (trx, event) => {
    const { postId, changes } = PostEdited.schema.parse(event.data);
    const photos = changes.imagePaths;
    // An older edit handled late never overwrites a newer one.
    return sql`UPDATE posts SET title = coalesce(${changes.title ?? null}, title),
        image_path = CASE WHEN ${photos !== undefined} THEN ${photos?.[0] ?? null} ELSE image_path END,
        position = ${event.streamPosition}
      WHERE id = ${postId} AND position < ${event.streamPosition}`.execute(trx);
  },
  // Where a sale stands: pending (an accepted offer), sold (to whom), up again.
  [PostClosed.type]: (trx, event) => {
    const { postId, reason, buyerId } = PostClosed.schema.parse(event.data);
    return stand(trx, event, postId, reason === 'sold' ? 'sold' : 'closed', buyerId ?? null);
  },
  [PostReopened.type]: (trx, event) =>
    stand(trx, event, PostReopened.schema.parse(event.data).postId, 'available'),
  [PostMarkedPending.type]: (trx, event) =>
    stand(trx, event, PostMarkedPending.schema.parse(event.data).postId, 'pending'),
  [PostPendingCleared.type]: (trx, event) =>
    stand(trx, event, PostPendingCleared.schema.parse(event.data).postId, 'available'),
  // A deleted post is forgotten: its conversations say it is no longer available.
  [PostDeleted.type]: (trx, event) =>
    sql`DELETE FROM posts WHERE id = ${PostDeleted.schema.parse(event.data).postId}`.execute(trx),
};

/** posts' events → `posts`, once per event (the inbox). */
export const postsCopySubscription = (db: Db, consumer: string): Subscription =>
  inboxSubscription(db, { consumer, producer: 'posts', types: Object.keys(keep) }, async (event, trx) =>
    keep[event.type]?.(trx, event),
  );

/**
 * What the copy says of a post a message between the two names, for the decision: its owner
 * (null when the copy does not hold it), whether moderators hid it from the sender, and its group
 * with which of the two are members; undefined when none is named.
 */
export async function aboutPost(
  db: Db,
  postId: string | undefined,
  senderId: string,
  recipientId: string,
): Promise<AboutPost | undefined> {
  if (postId === undefined) return undefined;
  const row = await db
    .selectFrom('posts as p')
    .leftJoin('moderation_hidden_posts as h', 'h.post_id', 'p.id')
    .select(['p.owner_id', 'h.hidden', 'p.group_id'])
    .where('p.id', '=', postId)
    .executeTakeFirst();
  const ownerId = row?.owner_id ?? null;
  const about = { postId, ownerId, hidden: row?.hidden === true && ownerId !== senderId };
  if (!row?.group_id) return about;
  const sender = await groupFactsOf(db, row.group_id, senderId);
  const recipient = await groupFactsOf(db, row.group_id, recipientId);
  return {
    ...about,
    group: { isPublic: sender.isPublic, senderIsMember: !!sender.role, recipientIsMember: !!recipient.role },
  };
}

/** A conversation's post for its list row and header, from the row `conversationSummaries` read. */
export function conversationPost(row: {
  post_id: string | null;
  post_title: string | null;
  post_image_path: string | null;
  post_visible: boolean | null;
}): ConversationPost | undefined {
  if (!row.post_id) return undefined;
  if (!row.post_visible || row.post_title === null)
    return { id: row.post_id, available: false, title: null, thumbnailUrl: null };
  return {
    id: row.post_id,
    available: true,
    title: row.post_title,
    thumbnailUrl: row.post_image_path ? thumbnailUrl(row.post_image_path) : null,
  };
}
