import type { ServiceName } from './endpoint-route';

// The account export: the gateway asks every service what it holds about one user and
// answers the signed-in user's `GET /api/user/export` with all of it. Without zod, as routes.ts.

/** A service's part of an export: what it holds about the user, by section. */
const exportOf = <S extends ServiceName>(service: S) =>
  ({ method: 'GET', path: '/internal/export/:id', service, auth: 'internal' }) as const;

export const EXPORT_ROUTES = {
  identityExport: exportOf('identity'),
  postsExport: exportOf('posts'),
  messagingExport: exportOf('messaging'),
  notificationsExport: exportOf('notifications'),
  mediaExport: exportOf('media'),
  moderationExport: exportOf('moderation'),
} as const;

/** The services whose parts make an export, in the order the export shows them. */
export const EXPORT_PARTS = Object.values(EXPORT_ROUTES).map((route) => route.service);
