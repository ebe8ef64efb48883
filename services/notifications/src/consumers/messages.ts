import { ConversationRead, type EventEnvelope, type Message, MessageSent } from '@waco/contracts';
import type { Subscription } from '@waco/platform';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { CONSUMER, type NotificationsDeps } from '../commands/deps';
import { recordMessage, recordRead } from '../db/conversations';
import { settingsOf } from '../db/notification-settings';
import { insertNotification } from '../db/notifications';
import type { NotificationsDatabase } from '../db/schema';
import { type MailTiming, mailNotification } from '../db/store-notifications';
import { deliveryOf } from '../domain/delivery-rules';
import { displayName, messageNotification } from '../domain/notification-rules';
import { streamHandlers } from './batch-handler';
import { type EventOutcome, NOTHING } from './event-outcome';
import { OFFER_EVENT_TYPES, offerStep } from './offers';

/** Who a messaging event concerns: a message's two people, who read a conversation, a deal's two. */
const MessagingIds = z.object({
  senderId: z.string().optional(),
  recipientId: z.string().optional(),
  readerId: z.string().optional(),
  sellerId: z.string().optional(),
  buyerId: z.string().optional(),
});

/**
 * messaging's `MessageSent` → a notification to the recipient, and the message on both
 * participants' live streams (the sender's other tabs see it too); `ConversationRead` → the
 * reader's unread counts; an offer's steps → a notification to the other member (offers.ts). Positions in the conversation's stream keep the counts right when
 * instances handle a conversation's events out of order.
 */
export function messagesSubscription(deps: NotificationsDeps): Subscription {
  return {
    consumer: CONSUMER,
    producer: 'messaging',
    types: [MessageSent.type, ConversationRead.type, ...OFFER_EVENT_TYPES],
    ...streamHandlers(deps, {
      // Both participants' cursors, or the reader's, locked before their copies are written.
      streamsOf: (event) => {
        const data = MessagingIds.parse(event.data);
        return [data.senderId, data.recipientId, data.readerId, data.sellerId, data.buyerId];
      },
      decide: async (event, trx) => {
        if (event.type === MessageSent.type) return messageSent(trx, event, deps.mailTiming);
        if (event.type === ConversationRead.type) return conversationRead(trx, event);
        return offerStep(trx, event);
      },
    }),
  };
}

/**
 * A message's copies (the recipient's inbox, the sender's read mark) and its notification, stored
 * as it is (messaging let it through, and a message is never a repeat) where the recipient wants
 * it: in the app, by mail (unless they read past it already).
 */
async function messageSent(
  trx: Kysely<NotificationsDatabase>,
  event: EventEnvelope,
  mailTiming: MailTiming | undefined,
): Promise<EventOutcome> {
  const data = MessageSent.schema.parse(event.data);
  const { senderId, recipientId, conversationId } = data;
  const position = event.streamPosition;
  const recorded = await recordMessage(trx, { senderId, recipientId, conversationId, position });
  const draft = messageNotification(data, displayName(recorded));
  const delivery = deliveryOf(await settingsOf(trx, recipientId), 'message');
  if (delivery.email && mailTiming && !recorded.alreadyRead)
    await mailNotification(trx, draft, new Date(data.sentAt), mailTiming);
  const notification = delivery.app
    ? await insertNotification(trx, draft, {
        eventId: event.id,
        createdAt: data.sentAt,
        relatedPosition: position,
        // The recipient read past it before this event was handled: nothing new to them.
        isRead: recorded.alreadyRead,
      })
    : undefined;
  const message: Message = {
    id: data.messageId,
    conversationId,
    senderId,
    recipientId,
    content: data.content,
    isRead: recorded.alreadyRead,
    createdAt: data.sentAt,
  };
  return {
    notifications: [],
    entries: [
      { userId: recipientId, event: 'message', data: message },
      ...(notification ? [{ userId: recipientId, event: 'notification' as const, data: notification }] : []),
      { userId: senderId, event: 'message', data: message },
    ],
    unread: [recipientId, senderId],
  };
}

async function conversationRead(
  trx: Kysely<NotificationsDatabase>,
  event: EventEnvelope,
): Promise<EventOutcome> {
  const data = ConversationRead.schema.parse(event.data);
  await recordRead(trx, {
    readerId: data.readerId,
    conversationId: data.conversationId,
    position: event.streamPosition,
  });
  return { ...NOTHING, unread: [data.readerId] };
}
