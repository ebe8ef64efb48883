import { type EventEnvelope, MessageSent, PostCreated } from '@waco/contracts';
import { idempotentHandler, type Subscription } from '@waco/platform';
import { type Kysely, sql } from 'kysely';
import type { ModerationDatabase } from '../db/schema';

type Db = Kysely<ModerationDatabase>;

/** One producer's event kept in a table of this service, once per event (the inbox). */
function copySubscription(
  db: Db,
  consumer: string,
  definition: { producer: string; type: string },
  keep: (trx: Db, event: EventEnvelope) => Promise<unknown>,
): Subscription {
  return {
    consumer,
    producer: definition.producer,
    types: [definition.type],
    handle: idempotentHandler(db, consumer, async (event, trx) => {
      await keep(trx, event);
    }),
  };
}

/** posts' `PostCreated` → `known_posts`: what a reported post showed, and whose it is. */
export const postsCopySubscription = (db: Db, consumer: string) =>
  copySubscription(db, consumer, PostCreated, (trx, event) => {
    const d = PostCreated.schema.parse(event.data);
    return sql`INSERT INTO known_posts (id, user_id, title, description, category, image_paths, created_at)
      VALUES (${d.postId}, ${d.ownerId}, ${d.title}, ${d.description}, ${d.category}, ${d.imagePaths}, ${event.occurredAt})
      ON CONFLICT (id) DO NOTHING`.execute(trx);
  });

/** messaging's `MessageSent` → `known_messages`: what a reported message said, between whom. */
export const messagesCopySubscription = (db: Db, consumer: string) =>
  copySubscription(db, consumer, MessageSent, (trx, event) => {
    const d = MessageSent.schema.parse(event.data);
    return sql`INSERT INTO known_messages (id, conversation_id, sender_id, recipient_id, content, sent_at)
      VALUES (${d.messageId}, ${d.conversationId}, ${d.senderId}, ${d.recipientId}, ${d.content}, ${d.sentAt})
      ON CONFLICT (id) DO NOTHING`.execute(trx);
  });
