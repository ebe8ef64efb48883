import {
  FirstMessageLimitReached,
  type Message,
  MessageSent,
  type SendMessageRequest,
} from '@waco/contracts';
import {
  awaitUploadsBy,
  type EventStore,
  handleCommand,
  UPLOAD_NOTICE_WAIT_MS,
  underMemberLimit,
} from '@waco/platform';
import type { Kysely } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { firstMessageFactsOf, haveTalked } from '../db/first-messages';
import { moderationFacts } from '../db/moderation';
import { aboutPost } from '../db/posts';
import type { MessagingDatabase } from '../db/schema';
import { userKnown } from '../db/users';
import { conversationDecider, conversationStream, decideConversation } from '../domain/conversations';
import type { MessagingDeps } from './deps';

/**
 * Sends a message: MessageSent on the conversation's stream; answers the message as stored. With
 * the limits per member on, a message to someone the sender never talked to is counted first
 * (one such request of theirs at a time) and refused over the limit; reaching it is recorded for
 * moderators (`FirstMessageLimitReached`).
 */
export async function sendMessage(
  deps: MessagingDeps,
  senderId: string,
  request: SendMessageRequest,
): Promise<Message> {
  // Refuse a message to oneself before touching the database.
  const conversationId = decideConversation(senderId, request.recipientId, true);
  const now = deps.now();
  // Media tells of an upload by an event: a message sent just after it may wait for it (before
  // the transaction, which holds the conversation's lock).
  const paths = request.imagePaths ?? [];
  const photos =
    paths.length > 0
      ? { paths, uploadedBySender: await awaitUploadsBy(deps.db, senderId, paths, UPLOAD_NOTICE_WAIT_MS) }
      : undefined;
  // Whether identity knows the recipient is read before the transaction too: a member who just
  // signed up may not have reached messaging's copy yet, and the wait must not hold the lock.
  const recipientExists = await userKnown(deps.db, request.recipientId);
  const send = async (
    store: EventStore<MessagingDatabase>,
    db: Kysely<MessagingDatabase>,
    limited: boolean,
  ) =>
    handleCommand(
      store,
      conversationStream(conversationId),
      conversationDecider,
      {
        type: 'send',
        messageId: uuidv7(),
        senderId,
        recipientId: request.recipientId,
        content: request.content,
        // The decision is pure: what it goes by is gathered here (the recipient above).
        recipientExists,
        moderation: await moderationFacts(db, senderId, request.recipientId),
        about: await aboutPost(db, request.postId, senderId, request.recipientId),
        limits: limited ? await firstMessageFactsOf(db, senderId, conversationId, now) : undefined,
        photos,
        now,
      },
      { actorId: senderId },
    );
  // Most messages go to people the sender talks with: those take no turn behind the sender's others.
  const { events } =
    !deps.memberLimits || (await haveTalked(deps.db, conversationId))
      ? await send(deps.events, deps.db, false)
      : await underMemberLimit(
          deps.events,
          { action: 'first-message', userId: senderId, event: FirstMessageLimitReached, now },
          (store, trx) => send(store, trx, true),
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
    ...(data.imagePaths ? { imagePaths: data.imagePaths } : {}),
  };
}
