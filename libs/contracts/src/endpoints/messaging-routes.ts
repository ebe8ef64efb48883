import { serviceRoutes } from './endpoint-route';

// messaging's endpoints: conversations and their messages.
// Part of ENDPOINT_ROUTES (routes.ts), without zod as it; their schemas: messaging-schemas.ts.

// biome-ignore format: one endpoint a line reads as a table
export const MESSAGING_ROUTES = serviceRoutes('messaging', {
  startConversation: { method: 'POST', path: '/api/conversations', auth: 'user' },
  listMessages: { method: 'GET', path: '/api/messages', auth: 'user' },
  sendMessage: { method: 'POST', path: '/api/messages', auth: 'user' },
  markConversationRead: { method: 'PUT', path: '/api/messages/read', auth: 'user' },
  countNewMessages: { method: 'GET', path: '/internal/figures/messages', auth: 'internal' },
});
