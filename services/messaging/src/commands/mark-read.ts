import { CONVERSATION_NOT_FOUND } from '@waco/contracts';
import { notFound } from '@waco/platform';
import { unreadCount } from '../db/summaries';
import { decideRead, isParticipant } from '../domain/conversations';
import { decideOnConversation } from './conversation-stream';
import type { MessagingDeps } from './deps';

/** Marks a thread read for the reader; only its two participants may (404 for anyone else). */
export async function markConversationRead(deps: MessagingDeps, readerId: string, conversationId: string) {
  if (!isParticipant(conversationId, readerId)) throw notFound(CONVERSATION_NOT_FOUND);
  await decideOnConversation(deps, conversationId, readerId, async (trx) =>
    decideRead(
      { conversationId, readerId, now: deps.now() },
      { unreadCount: await unreadCount(trx, readerId, conversationId) },
    ),
  );
  return { conversationId, unreadCount: 0 };
}
