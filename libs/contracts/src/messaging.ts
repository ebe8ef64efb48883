import { z } from 'zod';
import { PersonFields, pageLimit, Timestamp, Uuid } from './common';
import { dealEvents } from './deals';
import { defineEvent } from './envelope';
import { ObjectPath } from './identity';
import { FirstMessageLimitReached } from './member-limit-events';
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

export const POST_NOT_FOUND_FOR_MESSAGE = 'Post not found';
export const POST_NOT_THEIRS = 'This post is not by either of you';

/**
 * The post a conversation is about ("message the poster"): optional; it must be a post by one
 * of the two members. The conversation shows the latest post a message was sent about.
 */
const AboutPost = Uuid.optional();

export const StartConversationRequest = z.strictObject({ recipientId: Uuid, postId: AboutPost });
export type StartConversationRequest = z.infer<typeof StartConversationRequest>;
export const StartConversationResponse = z.object({ conversationId: z.string() });

/**
 * A conversation's post as its members see it now: its title and first photo (the smallest
 * rendition), or `available: false` (and no title or photo) once it is deleted or hidden.
 */
export const ConversationPost = z.object({
  id: Uuid,
  available: z.boolean(),
  title: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
});
export type ConversationPost = z.infer<typeof ConversationPost>;

export const ConversationSummary = z.object({
  conversationId: z.string(),
  otherUserId: Uuid,
  otherUser: z.object(PersonFields),
  lastMessage: z.string(),
  lastMessageDate: Timestamp,
  unreadCount: z.number().int(),
  /** The post the conversation is about (the latest one a message was sent from), if any. */
  post: ConversationPost.optional(),
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
  /** Its photos (object paths), present when it has any: only the conversation's two see them. */
  imagePaths: z.array(z.string()).optional(),
});
export type Message = z.infer<typeof Message>;

/** Photos a message may carry: the sender's own uploads, through media's one upload path. */
export const MESSAGE_PHOTOS_MAX = 4;

/** A message needs one or the other: a photo may go without words. */
export const MESSAGE_TEXT_OR_PHOTO = 'A message needs text or a photo';

/**
 * The trimmed text of a message: at most 2000 characters once trimmed, empty (or left out) only
 * when the message carries a photo (`SendMessageRequest`, and messaging's decider, say so).
 */
export const MessageContent = z
  .string({ error: MESSAGE_CONTENT_REQUIRED })
  .trim()
  .max(MESSAGE_MAX_LENGTH, `Messages are at most ${MESSAGE_MAX_LENGTH} characters`);

export const SendMessageRequest = z
  .strictObject({
    recipientId: Uuid,
    content: MessageContent.default(''),
    postId: AboutPost,
    imagePaths: z
      .array(ObjectPath, { error: 'imagePaths must be a list of photo paths' })
      .max(4, 'A message has at most 4 photos')
      .optional(),
  })
  .refine((r) => r.content !== '' || (r.imagePaths?.length ?? 0) > 0, {
    message: MESSAGE_TEXT_OR_PHOTO,
    path: ['content'],
  });
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
    /** The post the message was sent about; absent on messages sent before posts were kept. */
    postId: Uuid.optional(),
    /** Its photos, the sender's own uploads; absent when none. */
    imagePaths: z.array(z.string()).optional(),
  }),
);
export const ConversationRead = defineEvent(
  'messaging',
  'ConversationRead',
  z.object({ conversationId: z.string(), readerId: Uuid, readAt: Timestamp }),
);
export const messagingEvents = [
  MessageSent,
  ConversationRead,
  FirstMessageLimitReached,
  ...dealEvents,
] as const;
