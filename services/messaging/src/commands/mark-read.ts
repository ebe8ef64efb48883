import { CONVERSATION_NOT_FOUND } from '@waco/contracts';
import { handleCommand, notFound } from '@waco/platform';
import { unreadCount } from '../db/summaries';
import { conversationDecider, conversationStream, isParticipant } from '../domain/conversations';
import type { MessagingDeps } from './deps';

/** Marks a thread read for the reader; only its two participants may (404 for anyone else). */
export async function markConversationRead(deps: MessagingDeps, readerId: string, conversationId: string) {
  if (!isParticipant(conversationId, readerId)) throw notFound(CONVERSATION_NOT_FOUND);
  await handleCommand(
    deps.events,
    conversationStream(conversationId),
    conversationDecider,
    {
      type: 'read',
      conversationId,
      readerId,
      // Gathered for the pure decision. A message arriving meanwhile is not yet seen by the
      // reader; a second reader's tab marking it first makes this one a harmless repeat.
      unreadCount: await unreadCount(deps.db, readerId, conversationId),
      now: deps.now(),
    },
    { actorId: readerId },
  );
  return { conversationId, unreadCount: 0 };
}
