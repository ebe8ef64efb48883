import {
  BusinessAdded,
  BusinessEdited,
  BusinessReviewEdited,
  BusinessReviewed,
  CommentAdded,
  CommentEdited,
  type EventEnvelope,
  EventScheduled,
  GroupCreated,
  GroupHandedOver,
  MessageSent,
  PostCreated,
  PostDeleted,
  PostEdited,
} from '@waco/contracts';
import { inboxSubscription, onEvent, type Subscription } from '@waco/platform';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { ModerationDatabase } from '../db/schema';

type Db = Kysely<ModerationDatabase>;

/** An event's statement on the copies (`onEvent` rows). */
type Keep = [type: string, statement: (event: EventEnvelope) => RawBuilder<unknown>];

/** One producer's events kept in tables of this service, once per event (the inbox). */
function copySubscription(db: Db, consumer: string, producer: string, keep: Keep[]): Subscription {
  const statements = Object.fromEntries(keep);
  return inboxSubscription(db, { consumer, producer, types: Object.keys(statements) }, async (event, trx) =>
    statements[event.type]?.(event).execute(trx),
  );
}

/**
 * posts' events → `known_posts` and `known_comments`: what a reported post shows now, and whose it is. An edit
 * changes the copy as members see it; a deleted post leaves it (its reports stay, and the queue
 * shows them without content).
 */
export const postsCopySubscription = (db: Db, consumer: string) =>
  copySubscription(db, consumer, 'posts', [
    onEvent(
      PostCreated,
      (d, event) =>
        sql`INSERT INTO known_posts (id, user_id, title, description, category, image_paths, created_at)
        VALUES (${d.postId}, ${d.ownerId}, ${d.title}, ${d.description}, ${d.category}, ${d.imagePaths}, ${event.occurredAt})
        ON CONFLICT (id) DO NOTHING`,
    ),
    onEvent(
      PostEdited,
      ({ postId, changes }) =>
        sql`UPDATE known_posts SET title = coalesce(${changes.title ?? null}, title),
          description = coalesce(${changes.description ?? null}, description),
          image_paths = coalesce(${changes.imagePaths ?? null}::text[], image_paths)
        WHERE id = ${postId}`,
    ),
    onEvent(PostDeleted, (d) => sql`DELETE FROM known_posts WHERE id = ${d.postId}`),
    // Comments: what a reported comment says now, and whose it is. A deleted one stays, as a
    // deleted post's reports do (its writer's own deletion erases the text with the account).
    onEvent(
      CommentAdded,
      (d, event) =>
        sql`INSERT INTO known_comments (id, post_id, user_id, content, created_at)
        VALUES (${d.commentId}, ${d.postId}, ${d.userId}, ${d.content}, ${event.occurredAt})
        ON CONFLICT (id) DO NOTHING`,
    ),
    onEvent(
      CommentEdited,
      (d) => sql`UPDATE known_comments SET content = ${d.content} WHERE id = ${d.commentId}`,
    ),
  ]);

/** messaging's `MessageSent` → `known_messages`: what a reported message said, between whom. */
export const messagesCopySubscription = (db: Db, consumer: string) =>
  copySubscription(db, consumer, 'messaging', [
    onEvent(
      MessageSent,
      (d) =>
        sql`INSERT INTO known_messages (id, conversation_id, sender_id, recipient_id, content, sent_at)
      VALUES (${d.messageId}, ${d.conversationId}, ${d.senderId}, ${d.recipientId}, ${d.content}, ${d.sentAt})
      ON CONFLICT (id) DO NOTHING`,
    ),
  ]);

/**
 * directory's events → `known_businesses` and `known_reviews`: what a reported business or review
 * shows now, and whose it is (a business is its adder's: who answers for a listing made to harass).
 * A deleted review stays, as a deleted comment does.
 */
export const directoryCopySubscription = (db: Db, consumer: string) =>
  copySubscription(db, consumer, 'directory', [
    onEvent(
      BusinessAdded,
      (d) =>
        sql`INSERT INTO known_businesses (id, added_by, name, description, category, image_url, created_at)
        VALUES (${d.businessId}, ${d.addedBy}, ${d.name}, ${d.description}, ${d.category}, ${d.imageUrl}, ${d.addedAt})
        ON CONFLICT (id) DO NOTHING`,
    ),
    onEvent(
      BusinessEdited,
      (d) =>
        sql`UPDATE known_businesses SET name = ${d.name}, description = ${d.description},
          category = ${d.category}, image_url = ${d.imageUrl}
        WHERE id = ${d.businessId}`,
    ),
    onEvent(
      BusinessReviewed,
      (d) =>
        sql`INSERT INTO known_reviews (id, business_id, user_id, rating, comment, created_at)
        VALUES (${d.reviewId}, ${d.businessId}, ${d.authorId}, ${d.rating}, ${d.comment}, ${d.reviewedAt})
        ON CONFLICT (id) DO NOTHING`,
    ),
    onEvent(
      BusinessReviewEdited,
      (d) =>
        sql`UPDATE known_reviews SET rating = ${d.rating}, comment = ${d.comment} WHERE id = ${d.reviewId}`,
    ),
  ]);

/**
 * groups' events → `known_groups` and `known_events`: what a reported group or event shows, and
 * whose it is. A group handed over (its owner's account deleted) is the new admin's, with its
 * text stated again under their key.
 */
export const groupsCopySubscription = (db: Db, consumer: string) =>
  copySubscription(db, consumer, 'groups', [
    onEvent(
      GroupCreated,
      (d) =>
        sql`INSERT INTO known_groups (id, user_id, name, description, image_url, created_at)
        VALUES (${d.groupId}, ${d.creatorId}, ${d.name}, ${d.description}, ${d.imageUrl}, ${d.createdAt})
        ON CONFLICT (id) DO NOTHING`,
    ),
    onEvent(
      GroupHandedOver,
      (d) =>
        sql`INSERT INTO known_groups AS g (id, user_id, name, description, image_url, created_at)
        VALUES (${d.groupId}, ${d.toUserId}, ${d.name}, ${d.description}, NULL, ${d.handedOverAt})
        ON CONFLICT (id) DO UPDATE SET user_id = EXCLUDED.user_id, name = EXCLUDED.name,
          description = EXCLUDED.description`,
    ),
    onEvent(
      EventScheduled,
      (d) =>
        sql`INSERT INTO known_events (id, user_id, title, description, image_url, created_at)
        VALUES (${d.eventId}, ${d.creatorId}, ${d.title}, ${d.description}, ${d.imageUrl}, ${d.createdAt})
        ON CONFLICT (id) DO NOTHING`,
    ),
  ]);
