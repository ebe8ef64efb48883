import { ConversationRead, type EventEnvelope, type Message, MessageSent } from '@waco/contracts';
import type { Subscription } from '@waco/platform';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { recordMessage, recordRead } from '../db/conversations';
import { insertNotification } from '../db/notifications';
import type { NotificationsDatabase } from '../db/schema';
import { type StreamPush, StreamWriter } from '../db/stream-log';
import { CONSUMER, type NotificationsDeps } from '../deps';
import { displayName, messageNotification } from '../domain/notification-rules';
import { pushingHandlers } from './pushing-handler';

/** Who a messaging event concerns: a message's two people, or who read a conversation. */
const MessagingIds = z.object({
  senderId: z.string().optional(),
  recipientId: z.string().optional(),
  readerId: z.string().optional(),
});

/**
 * messaging's `MessageSent` → a notification to the recipient, and the message on both
 * participants' live streams (the sender's other tabs see it too); `ConversationRead` → the
 * reader's unread counts. Positions in the conversation's stream keep the counts right when
 * instances handle a conversation's events out of order.
 */
export function messagesSubscription(deps: NotificationsDeps): Subscription {
  return {
    consumer: CONSUMER,
    producer: 'messaging',
    types: [MessageSent.type, ConversationRead.type],
    ...pushingHandlers(
      deps,
      async (event, trx) =>
        event.type === MessageSent.type ? messageSent(trx, event) : conversationRead(trx, event),
      (event) => {
        const data = MessagingIds.parse(event.data);
        return [data.senderId, data.recipientId, data.readerId];
      },
    ),
  };
}

async function messageSent(trx: Kysely<NotificationsDatabase>, event: EventEnvelope): Promise<StreamPush[]> {
  const data = MessageSent.schema.parse(event.data);
  const { senderId, recipientId, conversationId } = data;
  const position = event.streamPosition;
  const stream = await StreamWriter.open(trx, [senderId, recipientId]);
  const recorded = await recordMessage(trx, { senderId, recipientId, conversationId, position });
  const notification = await insertNotification(trx, messageNotification(data, displayName(recorded)), {
    eventId: event.id,
    createdAt: data.sentAt,
    relatedPosition: position,
    // The recipient read past it before this event was handled: nothing new to them.
    isRead: recorded.alreadyRead,
  });
  const message: Message = {
    id: data.messageId,
    conversationId,
    senderId,
    recipientId,
    content: data.content,
    isRead: recorded.alreadyRead,
    createdAt: data.sentAt,
  };
  stream.push(recipientId, 'message', message);
  stream.push(recipientId, 'notification', notification);
  stream.push(senderId, 'message', message);
  await stream.pushUnread(recipientId, senderId);
  return stream.close();
}

async function conversationRead(trx: Kysely<NotificationsDatabase>, event: EventEnvelope) {
  const data = ConversationRead.schema.parse(event.data);
  const stream = await StreamWriter.open(trx, [data.readerId]);
  await recordRead(trx, {
    readerId: data.readerId,
    conversationId: data.conversationId,
    position: event.streamPosition,
  });
  await stream.pushUnread(data.readerId);
  return stream.close();
}
