import { z } from 'zod';
import { pageLimit, requiredText, Timestamp, Uuid } from './common';
import { defineEvent } from './envelope';
import { excerptOf } from './text';

// The rules the web needs without the schema library (conversation ids, refusal texts).
export * from './conversation';

export const MESSAGE_MAX_LENGTH = 2000;
export const CONVERSATION_NOT_FOUND = 'Conversation not found';
export const RECIPIENT_NOT_FOUND = 'User not found';
export const MESSAGE_CONTENT_REQUIRED = 'Message content is required';
/** How many messages a thread page holds by default, and at most. */
export const THREAD_PAGE_SIZE = 50;
export const THREAD_PAGE_SIZE_MAX = 200;

export const StartConversationRequest = z.strictObject({ recipientId: Uuid });
export const StartConversationResponse = z.object({ conversationId: z.string() });

export const ConversationSummary = z.object({
  conversationId: z.string(),
  otherUserId: Uuid,
  otherUser: z.object({
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    profileImageUrl: z.string().nullable(),
  }),
  lastMessage: z.string(),
  lastMessageDate: Timestamp,
  unreadCount: z.number().int(),
  /** Present (true) when one of the two blocked the other: readable, nothing more can be sent. */
  closed: z.boolean().optional(),
});
export type ConversationSummary = z.infer<typeof ConversationSummary>;

export const Message = z.object({
  id: Uuid,
  conversationId: z.string(),
  senderId: Uuid,
  recipientId: Uuid,
  content: z.string(),
  isRead: z.boolean(),
  createdAt: Timestamp,
});
export type Message = z.infer<typeof Message>;

/** The trimmed text of a message: 1 to 2000 characters once trimmed. */
export const MessageContent = requiredText(
  MESSAGE_CONTENT_REQUIRED,
  MESSAGE_MAX_LENGTH,
  `Messages are at most ${MESSAGE_MAX_LENGTH} characters`,
);

export const SendMessageRequest = z.strictObject({ recipientId: Uuid, content: MessageContent });
export type SendMessageRequest = z.infer<typeof SendMessageRequest>;
export const MarkReadRequest = z.strictObject({ conversationId: z.string().min(1).max(100) });
export const MarkReadResponse = z.object({ conversationId: z.string(), unreadCount: z.number().int() });

/**
 * `GET /api/messages`: without `conversationId`, the caller's conversation summaries, newest
 * first; with it, the thread, oldest first: the latest `limit` messages, or the `limit` before
 * the message `before` names (the id of the oldest message the client holds).
 */
export const MessagesQuery = z.strictObject({
  conversationId: z.string().min(1).max(100).optional(),
  limit: pageLimit(THREAD_PAGE_SIZE_MAX, THREAD_PAGE_SIZE),
  before: Uuid.optional(),
});
export type MessagesQuery = z.input<typeof MessagesQuery>;

export const MESSAGE_EXCERPT_LENGTH = 140;

/** The first characters of a message, on one line, for notifications (whole emoji only). */
export function messageExcerpt(content: string, max = MESSAGE_EXCERPT_LENGTH): string {
  return excerptOf(content, max);
}

// The whole content travels in the event: the conversation stream is the source of truth that
// messaging's tables are rebuilt from, and notifications pushes the new message to open tabs.
export const MessageSent = defineEvent(
  'messaging',
  'MessageSent',
  z.object({
    messageId: Uuid,
    conversationId: z.string(),
    senderId: Uuid,
    recipientId: Uuid,
    content: z.string(),
    excerpt: z.string(),
    sentAt: Timestamp,
  }),
);
export const ConversationRead = defineEvent(
  'messaging',
  'ConversationRead',
  z.object({ conversationId: z.string(), readerId: Uuid, readAt: Timestamp }),
);
export const messagingEvents = [MessageSent, ConversationRead] as const;
