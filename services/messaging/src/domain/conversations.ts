import {
  ConversationRead,
  conversationIdOf,
  MessageContent,
  MessageSent,
  messageExcerpt,
  participantsOf,
  RECIPIENT_NOT_FOUND,
  SELF_MESSAGE_ERROR,
} from '@waco/contracts';
import { type NewEvent, newEvent } from '@waco/platform';

/** A conversation's stream: its MessageSent and ConversationRead events, in order. */
export const conversationStream = (conversationId: string) => `conversation-${conversationId}`;

/** A decision refused: bad input (400) or a recipient that does not exist (404). */
export class RuleBroken extends Error {
  constructor(
    readonly kind: 'invalid' | 'not-found',
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

/** Who may be messaged: anyone known but oneself. Answers the conversation's id. */
export function decideConversation(senderId: string, recipientId: string, recipientExists: boolean): string {
  if (senderId.toLowerCase() === recipientId.toLowerCase())
    throw new RuleBroken('invalid', SELF_MESSAGE_ERROR, 'recipientId');
  if (!recipientExists) throw new RuleBroken('not-found', RECIPIENT_NOT_FOUND, 'recipientId');
  return conversationIdOf(senderId, recipientId);
}

export interface SendCommand {
  messageId: string;
  senderId: string;
  recipientId: string;
  content: string;
  now: Date;
}

/** Sending a message: a MessageSent with the trimmed content, or a refusal. */
export function decideSend(command: SendCommand, recipientExists: boolean): NewEvent[] {
  const conversationId = decideConversation(command.senderId, command.recipientId, recipientExists);
  const content = MessageContent.safeParse(command.content);
  if (!content.success) {
    throw new RuleBroken('invalid', content.error.issues[0]?.message ?? 'Invalid content', 'content');
  }
  return [
    newEvent(MessageSent, {
      messageId: command.messageId,
      conversationId,
      senderId: command.senderId.toLowerCase(),
      recipientId: command.recipientId.toLowerCase(),
      content: content.data,
      excerpt: messageExcerpt(content.data),
      sentAt: command.now.toISOString(),
    }),
  ];
}

/** True when the user is one of the two the conversation id names. */
export function isParticipant(conversationId: string, userId: string): boolean {
  return participantsOf(conversationId)?.includes(userId.toLowerCase()) ?? false;
}

/**
 * Marking a thread read: a ConversationRead when the reader has unread messages in it, nothing
 * when they have none (so that a reader opening a thread twice leaves no trace).
 */
export function decideRead(
  command: { conversationId: string; readerId: string; now: Date },
  state: { unreadCount: number },
): NewEvent[] {
  if (state.unreadCount === 0) return [];
  return [
    newEvent(ConversationRead, {
      conversationId: command.conversationId,
      readerId: command.readerId.toLowerCase(),
      readAt: command.now.toISOString(),
    }),
  ];
}
