import { serviceRoutes } from './endpoint-route';

// notifications' endpoints: notifications, the live stream of notifications and messages,
// Web Push.
// Part of ENDPOINT_ROUTES (routes.ts), without zod as it; their schemas: notifications-schemas.ts.

// biome-ignore format: one endpoint a line reads as a table
export const NOTIFICATIONS_ROUTES = serviceRoutes('notifications', {
  listNotifications: { method: 'GET', path: '/api/notifications', auth: 'user' },
  readAllNotifications: { method: 'PUT', path: '/api/notifications/read-all', auth: 'user' },
  readNotification: { method: 'PUT', path: '/api/notifications/:id/read', auth: 'user' },
  openStream: { method: 'GET', path: '/api/stream', auth: 'user', stream: true },
  getPushKey: { method: 'GET', path: '/api/push/key', auth: 'user' },
  subscribePush: { method: 'POST', path: '/api/push/subscriptions', auth: 'user' },
  unsubscribePush: { method: 'DELETE', path: '/api/push/subscriptions', auth: 'user' },
  // What comes where (app, push, email) per kind, and the email digest.
  getNotificationSettings: { method: 'GET', path: '/api/notifications/settings', auth: 'user' },
  updateNotificationSettings: { method: 'PUT', path: '/api/notifications/settings', auth: 'user' },
  // The mailed one-click unsubscribe link (RFC 8058): a page to confirm, and the POST mail clients send.
  unsubscribePage: { method: 'GET', path: '/api/unsubscribe', auth: 'guest-ok' },
  unsubscribe: { method: 'POST', path: '/api/unsubscribe', auth: 'guest-ok' },
});
