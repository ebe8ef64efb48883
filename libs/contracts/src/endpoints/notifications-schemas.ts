import {
  NotificationSettings,
  NotificationSettingsUpdate,
  UnsubscribeQuery,
  UnsubscribeResponse,
} from '../notification-settings';
import {
  MarkAllReadResponse,
  Notification,
  NotificationIdParams,
  NotificationList,
  NotificationsQuery,
} from '../notifications';
import {
  PushKeyResponse,
  PushSubscribeResponse,
  PushSubscriptionRequest,
  PushUnsubscribeRequest,
  PushUnsubscribeResponse,
} from '../push';
import { type EndpointSchemas, exportPartSchemas } from './endpoint-schema';

// The schemas of notifications-routes.ts's endpoints, under the same names: part of
// ENDPOINT_SCHEMAS (schemas.ts).

// biome-ignore format: one endpoint a line reads as a table
export const NOTIFICATIONS_SCHEMAS = {
  listNotifications: { summary: "One's notifications and unread count", query: NotificationsQuery, response: { 200: NotificationList } },
  readAllNotifications: { summary: 'Mark every notification read', response: { 200: MarkAllReadResponse } },
  readNotification: { summary: 'Mark one notification read', params: NotificationIdParams, response: { 200: Notification } },
  openStream: { summary: 'Live notifications, messages and unread counts', answer: 'A stream of Server-Sent Events (`notification`, `message`, `unread`)' },
  // Web Push: a device is its push subscription (its endpoint); off without one is off on every device.
  getPushKey: { summary: 'The VAPID public key devices subscribe with', response: { 200: PushKeyResponse } },
  subscribePush: { summary: "Turn push notifications on for this device (its browser's push subscription)", body: PushSubscriptionRequest, response: { 200: PushSubscribeResponse } },
  unsubscribePush: { summary: 'Turn push notifications off for one device, or for every device without an endpoint', body: PushUnsubscribeRequest, response: { 200: PushUnsubscribeResponse } },
  getNotificationSettings: { summary: "One's notification settings: app, push and email per kind, and the digest", response: { 200: NotificationSettings } },
  updateNotificationSettings: { summary: 'Change notification settings (the kinds given, the digest)', body: NotificationSettingsUpdate, response: { 200: NotificationSettings } },
  unsubscribePage: { summary: "A mailed unsubscribe link's confirmation page (changes nothing)", query: UnsubscribeQuery, answer: 'An HTML page with a button that unsubscribes' },
  unsubscribe: { summary: 'One-click unsubscribe (RFC 8058) from a mailed link, without signing in', query: UnsubscribeQuery, response: { 200: UnsubscribeResponse } },
  notificationsExport: exportPartSchemas,
} as const satisfies Record<string, EndpointSchemas>;
