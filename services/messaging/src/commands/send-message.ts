import { type Message, MessageSent, type SendMessageRequest } from '@waco/contracts';
import { v7 as uuidv7 } from 'uuid';
import { userExists } from '../db/users';
import { decideConversation, decideSend } from '../domain/conversations';
import { asHttpError, decideOnConversation } from './conversation-stream';
import type { MessagingDeps } from './deps';

/** Sends a message: MessageSent on the conversation's stream; answers the message as stored. */
export async function sendMessage(
  deps: MessagingDeps,
  senderId: string,
  request: SendMessageRequest,
): Promise<Message> {
  let conversationId: string;
  try {
    // Refuse a message to oneself before touching the database.
    conversationId = decideConversation(senderId, request.recipientId, true);
  } catch (err) {
    throw asHttpError(err);
  }
  const command = {
    messageId: uuidv7(),
    senderId,
    recipientId: request.recipientId,
    content: request.content,
  };
  const [sent] = await decideOnConversation(deps, conversationId, senderId, async (trx) =>
    decideSend({ ...command, now: deps.now() }, await userExists(trx, request.recipientId)),
  );
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
