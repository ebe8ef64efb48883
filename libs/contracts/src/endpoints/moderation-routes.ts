import { serviceRoutes } from './endpoint-route';

// moderation's endpoints: reports, blocks, the moderation queue (trust and safety).
// Part of ENDPOINT_ROUTES (routes.ts), without zod as it; their schemas: moderation-schemas.ts.

// biome-ignore format: one endpoint a line reads as a table
export const MODERATION_ROUTES = serviceRoutes('moderation', {
  fileReport: { method: 'POST', path: '/api/reports', service: 'moderation', auth: 'user' },
  listMyReports: { method: 'GET', path: '/api/reports/mine', service: 'moderation', auth: 'user' },
  blockUser: { method: 'POST', path: '/api/users/:id/block', service: 'moderation', auth: 'user' },
  unblockUser: { method: 'DELETE', path: '/api/users/:id/block', service: 'moderation', auth: 'user' },
  listBlocks: { method: 'GET', path: '/api/user/blocks', service: 'moderation', auth: 'user' },
  getModerationStanding: { method: 'GET', path: '/api/user/moderation', service: 'moderation', auth: 'user' },
  listModerationReports: { method: 'GET', path: '/api/moderation/reports', service: 'moderation', auth: 'moderator' },
  resolveReport: { method: 'POST', path: '/api/moderation/reports/:id/resolve', service: 'moderation', auth: 'moderator' },
  reinstateUser: { method: 'POST', path: '/api/moderation/users/:id/reinstate', service: 'moderation', auth: 'moderator' },
  setUserVerified: { method: 'PUT', path: '/api/moderation/users/:id/verified', service: 'moderation', auth: 'moderator' },
  listModerationAudit: { method: 'GET', path: '/api/moderation/audit', service: 'moderation', auth: 'moderator' },
  listLimitBursts: { method: 'GET', path: '/api/moderation/bursts', service: 'moderation', auth: 'moderator' },
  // The operator's console (/admin).
  listConsoleDeadLetters: { method: 'GET', path: '/api/admin/dead-letters', service: 'moderation', auth: 'admin' },
  redriveConsoleDeadLetter: { method: 'POST', path: '/api/admin/dead-letters/:id/redrive', service: 'moderation', auth: 'admin' },
  dropConsoleDeadLetter: { method: 'POST', path: '/api/admin/dead-letters/:id/drop', service: 'moderation', auth: 'admin' },
  listConsumerLag: { method: 'GET', path: '/api/admin/consumers', service: 'moderation', auth: 'admin' },
  listRoleHolders: { method: 'GET', path: '/api/admin/roles', service: 'moderation', auth: 'admin' },
  setModeratorRole: { method: 'PUT', path: '/api/admin/users/:id/moderator', service: 'moderation', auth: 'admin' },
  getAdminStanding: { method: 'GET', path: '/internal/users/:id/admin', service: 'moderation', auth: 'internal' },
});
