import { serviceRoutes } from './endpoint-route';

// messaging's endpoints: conversations and their messages.
// Part of ENDPOINT_ROUTES (routes.ts), without zod as it; their schemas: messaging-schemas.ts.

// biome-ignore format: one endpoint a line reads as a table
export const MESSAGING_ROUTES = serviceRoutes('messaging', {
  startConversation: { method: 'POST', path: '/api/conversations', service: 'messaging', auth: 'user' },
  listMessages: { method: 'GET', path: '/api/messages', service: 'messaging', auth: 'user' },
  sendMessage: { method: 'POST', path: '/api/messages', service: 'messaging', auth: 'user' },
  markConversationRead: { method: 'PUT', path: '/api/messages/read', service: 'messaging', auth: 'user' },
  countNewMessages: { method: 'GET', path: '/internal/figures/messages', service: 'messaging', auth: 'internal' },
});
