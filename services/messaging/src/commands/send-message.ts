import { type Message, MessageSent, type SendMessageRequest } from '@waco/contracts';
import { handleCommand } from '@waco/platform';
import { v7 as uuidv7 } from 'uuid';
import { moderationFacts } from '../db/moderation';
import { aboutPost } from '../db/posts';
import { userExists } from '../db/users';
import { conversationDecider, conversationStream, decideConversation } from '../domain/conversations';
import type { MessagingDeps } from './deps';

/** Sends a message: MessageSent on the conversation's stream; answers the message as stored. */
export async function sendMessage(
  deps: MessagingDeps,
  senderId: string,
  request: SendMessageRequest,
): Promise<Message> {
  // Refuse a message to oneself before touching the database.
  const conversationId = decideConversation(senderId, request.recipientId, true);
  // The decision is pure: whether identity knows the recipient is gathered here.
  const recipientExists = await userExists(deps.db, request.recipientId);
  const { events } = await handleCommand(
    deps.events,
    conversationStream(conversationId),
    conversationDecider,
    {
      type: 'send',
      messageId: uuidv7(),
      senderId,
      recipientId: request.recipientId,
      content: request.content,
      recipientExists,
      moderation: await moderationFacts(deps.db, senderId, request.recipientId),
      about: await aboutPost(deps.db, request.postId, senderId),
      now: deps.now(),
    },
    { actorId: senderId },
  );
  const [sent] = events;
  if (!sent) throw new Error('MessageSent was not appended');
  const data = MessageSent.schema.parse(sent.data);
  return {
    id: data.messageId,
    conversationId: data.conversationId,
    senderId: data.senderId,
    recipientId: data.recipientId,
    content: data.content,
    isRead: false,
    createdAt: data.sentAt,
  };
}
