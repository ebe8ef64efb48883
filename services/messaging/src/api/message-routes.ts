import { CONVERSATION_NOT_FOUND } from '@waco/contracts';
import { dailyCounts, type HttpApp, notFound, registerEndpoint } from '@waco/platform';
import type { MessagingDeps } from '../commands/deps';
import { markConversationRead } from '../commands/mark-read';
import { sendMessage } from '../commands/send-message';
import { conversationSummaries } from '../db/summaries';
import { threadPage } from '../db/threads';
import { isParticipant } from '../domain/conversations';

/** Conversation lists, threads, sending, and marking a thread read; messages per day (internal). */
export function registerMessageRoutes(app: HttpApp, deps: MessagingDeps) {
  registerEndpoint(app, 'listMessages', async (req) => {
    const { conversationId, limit, before } = req.query;
    if (conversationId === undefined) return conversationSummaries(deps.db, req.userId, limit);
    // Anyone else gets the answer a conversation that does not exist gets: nothing to probe.
    if (!isParticipant(conversationId, req.userId)) throw notFound(CONVERSATION_NOT_FOUND);
    return threadPage(deps.db, conversationId, { limit, before });
  });

  registerEndpoint(app, 'sendMessage', async (req, reply) =>
    reply.status(201).send(await sendMessage(deps, req.userId, req.body)),
  );

  registerEndpoint(app, 'markConversationRead', async (req) =>
    markConversationRead(deps, req.userId, req.body.conversationId),
  );

  // Messages sent per day, for the operator's console (through the gateway only).
  registerEndpoint(app, 'countNewMessages', async () => dailyCounts(deps.db, 'messages'));
}
