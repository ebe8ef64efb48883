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
import { idempotentHandler, type Subscription } from '@waco/platform';
import { type Kysely, sql } from 'kysely';
import type { ModerationDatabase } from '../db/schema';

type Db = Kysely<ModerationDatabase>;

type Keep = (trx: Db, event: EventEnvelope) => Promise<unknown>;

/** One producer's events kept in tables of this service, once per event (the inbox). */
function copySubscription(
  db: Db,
  consumer: string,
  producer: string,
  keep: Record<string, Keep>,
): Subscription {
  return {
    consumer,
    producer,
    types: Object.keys(keep),
    handle: idempotentHandler(db, consumer, async (event, trx) => {
      await keep[event.type]?.(trx, event);
    }),
  };
}

/**
 * posts' events → `known_posts` and `known_comments`: what a reported post shows now, and whose it is. An edit
 * changes the copy as members see it; a deleted post leaves it (its reports stay, and the queue
 * shows them without content).
 */
export const postsCopySubscription = (db: Db, consumer: string) =>
  copySubscription(db, consumer, 'posts', {
    [PostCreated.type]: (trx, event) => {
      const d = PostCreated.schema.parse(event.data);
      return sql`INSERT INTO known_posts (id, user_id, title, description, category, image_paths, created_at)
        VALUES (${d.postId}, ${d.ownerId}, ${d.title}, ${d.description}, ${d.category}, ${d.imagePaths}, ${event.occurredAt})
        ON CONFLICT (id) DO NOTHING`.execute(trx);
    },
    [PostEdited.type]: (trx, event) => {
      const { postId, changes } = PostEdited.schema.parse(event.data);
      return sql`UPDATE known_posts SET title = coalesce(${changes.title ?? null}, title),
          description = coalesce(${changes.description ?? null}, description),
          image_paths = coalesce(${changes.imagePaths ?? null}::text[], image_paths)
        WHERE id = ${postId}`.execute(trx);
    },
    [PostDeleted.type]: (trx, event) =>
      sql`DELETE FROM known_posts WHERE id = ${PostDeleted.schema.parse(event.data).postId}`.execute(trx),
    // Comments: what a reported comment says now, and whose it is. A deleted one stays, as a
    // deleted post's reports do (its writer's own deletion erases the text with the account).
    [CommentAdded.type]: (trx, event) => {
      const d = CommentAdded.schema.parse(event.data);
      return sql`INSERT INTO known_comments (id, post_id, user_id, content, created_at)
        VALUES (${d.commentId}, ${d.postId}, ${d.userId}, ${d.content}, ${event.occurredAt})
        ON CONFLICT (id) DO NOTHING`.execute(trx);
    },
    [CommentEdited.type]: (trx, event) => {
      const d = CommentEdited.schema.parse(event.data);
      return sql`UPDATE known_comments SET content = ${d.content} WHERE id = ${d.commentId}`.execute(trx);
    },
  });

/** messaging's `MessageSent` → `known_messages`: what a reported message said, between whom. */
export const messagesCopySubscription = (db: Db, consumer: string) =>
  copySubscription(db, consumer, 'messaging', {
    [MessageSent.type]: (trx, event) => {
      const d = MessageSent.schema.parse(event.data);
      return sql`INSERT INTO known_messages (id, conversation_id, sender_id, recipient_id, content, sent_at)
      VALUES (${d.messageId}, ${d.conversationId}, ${d.senderId}, ${d.recipientId}, ${d.content}, ${d.sentAt})
      ON CONFLICT (id) DO NOTHING`.execute(trx);
    },
  });

/**
 * directory's events → `known_businesses` and `known_reviews`: what a reported business or review
 * shows now, and whose it is (a business is its adder's: who answers for a listing made to harass).
 * A deleted review stays, as a deleted comment does.
 */
export const directoryCopySubscription = (db: Db, consumer: string) =>
  copySubscription(db, consumer, 'directory', {
    [BusinessAdded.type]: (trx, event) => {
      const d = BusinessAdded.schema.parse(event.data);
      return sql`INSERT INTO known_businesses (id, added_by, name, description, category, image_url, created_at)
        VALUES (${d.businessId}, ${d.addedBy}, ${d.name}, ${d.description}, ${d.category}, ${d.imageUrl}, ${d.addedAt})
        ON CONFLICT (id) DO NOTHING`.execute(trx);
    },
    [BusinessEdited.type]: (trx, event) => {
      const d = BusinessEdited.schema.parse(event.data);
      return sql`UPDATE known_businesses SET name = ${d.name}, description = ${d.description},
          category = ${d.category}, image_url = ${d.imageUrl}
        WHERE id = ${d.businessId}`.execute(trx);
    },
    [BusinessReviewed.type]: (trx, event) => {
      const d = BusinessReviewed.schema.parse(event.data);
      return sql`INSERT INTO known_reviews (id, business_id, user_id, rating, comment, created_at)
        VALUES (${d.reviewId}, ${d.businessId}, ${d.authorId}, ${d.rating}, ${d.comment}, ${d.reviewedAt})
        ON CONFLICT (id) DO NOTHING`.execute(trx);
    },
    [BusinessReviewEdited.type]: (trx, event) => {
      const d = BusinessReviewEdited.schema.parse(event.data);
      return sql`UPDATE known_reviews SET rating = ${d.rating}, comment = ${d.comment} WHERE id = ${d.reviewId}`.execute(
        trx,
      );
    },
  });

/**
 * groups' events → `known_groups` and `known_events`: what a reported group or event shows, and
 * whose it is. A group handed over (its owner's account deleted) is the new admin's, with its
 * text stated again under their key.
 */
export const groupsCopySubscription = (db: Db, consumer: string) =>
  copySubscription(db, consumer, 'groups', {
    [GroupCreated.type]: (trx, event) => {
      const d = GroupCreated.schema.parse(event.data);
      return sql`INSERT INTO known_groups (id, user_id, name, description, image_url, created_at)
        VALUES (${d.groupId}, ${d.creatorId}, ${d.name}, ${d.description}, ${d.imageUrl}, ${d.createdAt})
        ON CONFLICT (id) DO NOTHING`.execute(trx);
    },
    [GroupHandedOver.type]: (trx, event) => {
      const d = GroupHandedOver.schema.parse(event.data);
      return sql`INSERT INTO known_groups AS g (id, user_id, name, description, image_url, created_at)
        VALUES (${d.groupId}, ${d.toUserId}, ${d.name}, ${d.description}, NULL, ${d.handedOverAt})
        ON CONFLICT (id) DO UPDATE SET user_id = EXCLUDED.user_id, name = EXCLUDED.name,
          description = EXCLUDED.description`.execute(trx);
    },
    [EventScheduled.type]: (trx, event) => {
      const d = EventScheduled.schema.parse(event.data);
      return sql`INSERT INTO known_events (id, user_id, title, description, image_url, created_at)
        VALUES (${d.eventId}, ${d.creatorId}, ${d.title}, ${d.description}, ${d.imageUrl}, ${d.createdAt})
        ON CONFLICT (id) DO NOTHING`.execute(trx);
    },
  });
