import {
  CONVERSATION_NOT_FOUND,
  ConversationSummary,
  MarkReadRequest,
  MarkReadResponse,
  Message,
  MessagesQuery,
  SendMessageRequest,
} from '@waco/contracts';
import { type HttpApp, notFound } from '@waco/platform';
import { z } from 'zod';
import type { MessagingDeps } from '../commands/deps';
import { markConversationRead } from '../commands/mark-read';
import { sendMessage } from '../commands/send-message';
import { conversationSummaries } from '../db/summaries';
import { threadPage } from '../db/threads';
import { isParticipant } from '../domain/conversations';
import { requireSignedIn, signedInUserId } from './signed-in';

/** Conversation lists, threads, sending, and marking a thread read. */
export function registerMessageRoutes(app: HttpApp, deps: MessagingDeps) {
  app.get(
    '/api/messages',
    {
      onRequest: requireSignedIn,
      schema: {
        querystring: MessagesQuery,
        response: { 200: z.union([z.array(ConversationSummary), z.array(Message)]) },
      },
    },
    async (req) => {
      const userId = signedInUserId(req);
      const { conversationId, limit, before } = req.query;
      if (conversationId === undefined) return conversationSummaries(deps.db, userId, limit);
      // Anyone else gets the answer a conversation that does not exist gets: nothing to probe.
      if (!isParticipant(conversationId, userId)) throw notFound(CONVERSATION_NOT_FOUND);
      return threadPage(deps.db, conversationId, { limit, before });
    },
  );

  app.post(
    '/api/messages',
    { onRequest: requireSignedIn, schema: { body: SendMessageRequest, response: { 201: Message } } },
    async (req, reply) => reply.status(201).send(await sendMessage(deps, signedInUserId(req), req.body)),
  );

  app.put(
    '/api/messages/read',
    { onRequest: requireSignedIn, schema: { body: MarkReadRequest, response: { 200: MarkReadResponse } } },
    async (req) => markConversationRead(deps, signedInUserId(req), req.body.conversationId),
  );
}
