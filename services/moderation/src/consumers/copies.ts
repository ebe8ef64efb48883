import { MessageSent, PostCreated } from '@waco/contracts';
import { idempotentHandler, type Subscription } from '@waco/platform';
import type { Kysely } from 'kysely';
import type { ModerationDatabase } from '../db/schema';

/** posts' `PostCreated` → `known_posts`: what a reported post showed, and whose it is. */
export function postsCopySubscription(db: Kysely<ModerationDatabase>, consumer: string): Subscription {
  return {
    consumer,
    producer: 'posts',
    types: [PostCreated.type],
    handle: idempotentHandler(db, consumer, async (event, trx) => {
      const d = PostCreated.schema.parse(event.data);
      await trx
        .insertInto('known_posts')
        .values({
          id: d.postId,
          user_id: d.ownerId,
          title: d.title,
          description: d.description,
          category: d.category,
          image_paths: d.imagePaths,
          created_at: event.occurredAt,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    }),
  };
}

/** messaging's `MessageSent` → `known_messages`: what a reported message said, and between whom. */
export function messagesCopySubscription(db: Kysely<ModerationDatabase>, consumer: string): Subscription {
  return {
    consumer,
    producer: 'messaging',
    types: [MessageSent.type],
    handle: idempotentHandler(db, consumer, async (event, trx) => {
      const d = MessageSent.schema.parse(event.data);
      await trx
        .insertInto('known_messages')
        .values({
          id: d.messageId,
          conversation_id: d.conversationId,
          sender_id: d.senderId,
          recipient_id: d.recipientId,
          content: d.content,
          sent_at: d.sentAt,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    }),
  };
}
