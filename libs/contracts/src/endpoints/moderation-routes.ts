import { serviceRoutes } from './endpoint-route';

// moderation's endpoints: reports, blocks, the moderation queue (trust and safety).
// Part of ENDPOINT_ROUTES (routes.ts), without zod as it; their schemas: moderation-schemas.ts.

// biome-ignore format: one endpoint a line reads as a table
export const MODERATION_ROUTES = serviceRoutes('moderation', {
  fileReport: { method: 'POST', path: '/api/reports', auth: 'user' },
  listMyReports: { method: 'GET', path: '/api/reports/mine', auth: 'user' },
  blockUser: { method: 'POST', path: '/api/users/:id/block', auth: 'user' },
  unblockUser: { method: 'DELETE', path: '/api/users/:id/block', auth: 'user' },
  listBlocks: { method: 'GET', path: '/api/user/blocks', auth: 'user' },
  getModerationStanding: { method: 'GET', path: '/api/user/moderation', auth: 'user' },
  listModerationReports: { method: 'GET', path: '/api/moderation/reports', auth: 'moderator' },
  resolveReport: { method: 'POST', path: '/api/moderation/reports/:id/resolve', auth: 'moderator' },
  reinstateUser: { method: 'POST', path: '/api/moderation/users/:id/reinstate', auth: 'moderator' },
  setUserVerified: { method: 'PUT', path: '/api/moderation/users/:id/verified', auth: 'moderator' },
  listModerationAudit: { method: 'GET', path: '/api/moderation/audit', auth: 'moderator' },
  listLimitBursts: { method: 'GET', path: '/api/moderation/bursts', auth: 'moderator' },
  // The operator's console (/admin).
  listConsoleDeadLetters: { method: 'GET', path: '/api/admin/dead-letters', auth: 'admin' },
  redriveConsoleDeadLetter: { method: 'POST', path: '/api/admin/dead-letters/:id/redrive', auth: 'admin' },
  dropConsoleDeadLetter: { method: 'POST', path: '/api/admin/dead-letters/:id/drop', auth: 'admin' },
  listConsumerLag: { method: 'GET', path: '/api/admin/consumers', auth: 'admin' },
  listRoleHolders: { method: 'GET', path: '/api/admin/roles', auth: 'admin' },
  setModeratorRole: { method: 'PUT', path: '/api/admin/users/:id/moderator', auth: 'admin' },
  getAdminStanding: { method: 'GET', path: '/internal/users/:id/admin', auth: 'internal' },
});
