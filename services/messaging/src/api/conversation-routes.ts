import { StartConversationRequest, StartConversationResponse } from '@waco/contracts';
import type { HttpApp } from '@waco/platform';
import type { MessagingDeps } from '../commands/deps';
import { startConversation } from '../commands/start-conversation';
import { requireSignedIn, signedInUserId } from './signed-in';

/** `POST /api/conversations` {recipientId} → {conversationId}. */
export function registerConversationRoutes(app: HttpApp, deps: MessagingDeps) {
  app.post(
    '/api/conversations',
    {
      onRequest: requireSignedIn,
      schema: { body: StartConversationRequest, response: { 200: StartConversationResponse } },
    },
    async (req) => startConversation(deps, signedInUserId(req), req.body.recipientId),
  );
}
