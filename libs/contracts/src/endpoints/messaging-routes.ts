import { serviceRoutes } from './endpoint-route';

// messaging's endpoints: conversations and their messages.
// Part of ENDPOINT_ROUTES (routes.ts), without zod as it; their schemas: messaging-schemas.ts.

// biome-ignore format: one endpoint a line reads as a table
export const MESSAGING_ROUTES = serviceRoutes('messaging', {
  startConversation: { method: 'POST', path: '/api/conversations', auth: 'user' },
  listMessages: { method: 'GET', path: '/api/messages', auth: 'user' },
  sendMessage: { method: 'POST', path: '/api/messages', auth: 'user' },
  markConversationRead: { method: 'PUT', path: '/api/messages/read', auth: 'user' },
  getDeal: { method: 'GET', path: '/api/conversations/:conversationId/deal', auth: 'user' },
  makeOffer: { method: 'POST', path: '/api/conversations/:conversationId/offers', auth: 'user' },
  answerOffer: { method: 'POST', path: '/api/conversations/:conversationId/offers/:offerId', auth: 'user' },
  rateMember: { method: 'POST', path: '/api/conversations/:conversationId/rating', auth: 'user' },
  getMemberStanding: { method: 'GET', path: '/api/users/:id/standing', auth: 'guest-ok' },
  countNewMessages: { method: 'GET', path: '/internal/figures/messages', auth: 'internal' },
});
