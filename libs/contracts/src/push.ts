import { z } from 'zod';

// Web Push (RFC 8030, with VAPID, RFC 8292, and encrypted payloads, RFC 8291): a member's device
// subscribes with its push service, hands the subscription to notifications, and gets a push for
// each new notification even with no tab open.

/** A key as the Push API gives it: unpadded base64url. */
const base64UrlKey = (name: string, bytes: number) =>
  z
    .string({ error: `keys.${name} is required` })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `keys.${name} must be base64url`)
    .refine(
      (key) => key.replace(/=+$/, '').length === Math.ceil((bytes * 4) / 3),
      `keys.${name} must be ${bytes} bytes`,
    );

/** `PushSubscription.toJSON()`, as the browser gives it. */
export const PushSubscriptionRequest = z.strictObject({
  endpoint: z
    .url({ error: 'endpoint must be the push service URL' })
    .max(2048, 'endpoint is at most 2048 characters'),
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject({
    /** The device's P-256 public key (uncompressed point, 65 bytes). */
    p256dh: base64UrlKey('p256dh', 65),
    /** The authentication secret (16 bytes). */
    auth: base64UrlKey('auth', 16),
  }),
});
export type PushSubscriptionRequest = z.infer<typeof PushSubscriptionRequest>;

/** Turns push off on one device (its endpoint), or on every device of the member (no endpoint). */
export const PushUnsubscribeRequest = z.strictObject({
  endpoint: z.string().max(2048, 'endpoint is at most 2048 characters').optional(),
});
export const PushUnsubscribeResponse = z.object({ removed: z.number().int() });

/** The server's VAPID public key, which the browser subscribes with (`applicationServerKey`). */
export const PushKeyResponse = z.object({ publicKey: z.string() });
export const PushSubscribeResponse = z.object({ subscribed: z.literal(true) });

/** What a push carries to the service worker, which shows it as a notification. */
export interface PushMessage {
  title: string;
  body: string;
  /** The app page a click opens. */
  url: string;
  /** Notifications with one tag replace each other (a conversation's new messages). */
  tag: string;
}

export const WEB_PUSH_NOT_CONFIGURED = 'Push notifications are not set up on this server';
