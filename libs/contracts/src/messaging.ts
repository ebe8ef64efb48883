import { z } from 'zod';
import { Timestamp, Uuid } from './common';

export const MESSAGE_MAX_LENGTH = 2000;
export const SELF_MESSAGE_ERROR = 'Cannot message yourself';
export const OWN_POST_NOTICE = 'This is your own post.';

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

export const SendMessageRequest = z.strictObject({
  recipientId: Uuid,
  content: z
    .string({ error: 'Message content is required' })
    .trim()
    .min(1, 'Message content is required')
    .max(MESSAGE_MAX_LENGTH, `Messages are at most ${MESSAGE_MAX_LENGTH} characters`),
});
export const MarkReadRequest = z.strictObject({ conversationId: z.string().min(1).max(100) });
