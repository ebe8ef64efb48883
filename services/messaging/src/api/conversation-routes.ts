import { type HttpApp, registerEndpoint } from '@waco/platform';
import type { MessagingDeps } from '../commands/deps';
import { startConversation } from '../commands/start-conversation';

/** `POST /api/conversations` {recipientId, postId?} → {conversationId}. */
export function registerConversationRoutes(app: HttpApp, deps: MessagingDeps) {
  registerEndpoint(app, 'startConversation', async (req) => startConversation(deps, req.userId, req.body));
}
