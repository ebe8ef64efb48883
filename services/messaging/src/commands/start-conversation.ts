import type { StartConversationRequest } from '@waco/contracts';
import { moderationFacts } from '../db/moderation';
import { aboutPost } from '../db/posts';
import { userKnown } from '../db/users';
import { decideAboutPost, decideConversation } from '../domain/conversations';
import { refuseModerated } from '../domain/moderation-rules';
import type { MessagingDeps } from './deps';

/**
 * Answers the id of the caller's conversation with the recipient. Nothing is stored: the id is
 * the two user ids, so the conversation exists from its first message on.
 */
export async function startConversation(
  deps: MessagingDeps,
  senderId: string,
  { recipientId, postId }: StartConversationRequest,
) {
  // Refuse oneself before asking the database whether the recipient exists.
  decideConversation(senderId, recipientId, true);
  const conversationId = decideConversation(senderId, recipientId, await userKnown(deps.db, recipientId));
  // Neither of a blocked pair can start one; a suspended member cannot message (403, why).
  refuseModerated(await moderationFacts(deps.db, senderId, recipientId));
  // A post named is checked now, so "message the poster" fails before the thread opens; the
  // web sends it again with the messages, which record it.
  decideAboutPost(await aboutPost(deps.db, postId, senderId, recipientId), senderId, recipientId);
  return { conversationId };
}
