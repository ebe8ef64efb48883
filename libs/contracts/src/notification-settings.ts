import { z } from 'zod';
import { Neighborhood } from './common';
import type { NotificationType } from './notifications';

/**
 * The kinds of notification a member chooses for (the settings screen's rows). Each type of
 * notification belongs to one kind; types not named here (a post's lifecycle, reports) always
 * come in the app and by push, and never by email.
 */
export const NOTIFICATION_KINDS = [
  'likes',
  'comments',
  'replies',
  'mentions',
  'follows',
  'messages',
  'alerts',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

const KIND_OF = new Map<NotificationType, NotificationKind>([
  ['like', 'likes'],
  ['interested', 'likes'],
  ['comment', 'comments'],
  ['comment_reply', 'replies'],
  ['post_mention', 'mentions'],
  ['follow', 'follows'],
  ['message', 'messages'],
  ['offer', 'messages'],
  ['followed_post', 'alerts'],
]);

/** The kind a notification type is chosen by, or undefined when it is not a choice. */
export const kindOfNotification = (type: NotificationType): NotificationKind | undefined => KIND_OF.get(type);

/**
 * Where one kind comes: in the app (the bell, the live stream), by web push to the member's
 * devices (a push shows an in-app notification, so it needs `app`), by email. All off: not at all.
 */
export const KindChannels = z.strictObject({
  app: z.boolean({ error: 'app must be true or false' }),
  push: z.boolean({ error: 'push must be true or false' }),
  email: z.boolean({ error: 'email must be true or false' }),
});
export type KindChannels = z.infer<typeof KindChannels>;

export const DIGEST_FREQUENCIES = ['off', 'daily', 'weekly'] as const;
export const DigestFrequency = z.enum(DIGEST_FREQUENCIES, { error: 'digest must be off, daily or weekly' });
export type DigestFrequency = z.infer<typeof DigestFrequency>;

export const NotificationSettings = z.object({
  kinds: z.object(
    Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, KindChannels])) as Record<
      NotificationKind,
      typeof KindChannels
    >,
  ),
  /** The email digest of new posts: off (the default), daily or weekly. */
  digest: DigestFrequency,
  /** The neighbourhood whose new posts the digest lists (besides those of people followed). */
  digestNeighborhood: Neighborhood.nullable(),
});
export type NotificationSettings = z.infer<typeof NotificationSettings>;

/** A change of settings: any of the kinds (each whole), the digest, its neighbourhood. */
export const NotificationSettingsUpdate = z.strictObject({
  kinds: z
    .strictObject(
      Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, KindChannels.optional()])) as Record<
        NotificationKind,
        z.ZodOptional<typeof KindChannels>
      >,
    )
    .optional(),
  digest: DigestFrequency.optional(),
  digestNeighborhood: Neighborhood.nullable().optional(),
});
export type NotificationSettingsUpdate = z.infer<typeof NotificationSettingsUpdate>;

/** Today's behaviour before settings: everything in the app and by push, no email, no digest. */
export const DEFAULT_KIND_CHANNELS: KindChannels = { app: true, push: true, email: false };
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  kinds: Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, DEFAULT_KIND_CHANNELS])) as Record<
    NotificationKind,
    KindChannels
  >,
  digest: 'off',
  digestNeighborhood: null,
};

/** The one-click unsubscribe link's token (RFC 8058): signed, for one member and one mail. */
export const UnsubscribeQuery = z.strictObject({
  token: z.string({ error: 'The unsubscribe link is incomplete' }).min(1).max(300),
});
export const UnsubscribeResponse = z.object({ message: z.string() });

export const UNSUBSCRIBE_MESSAGES = {
  invalid: 'This unsubscribe link is invalid or has expired',
  done: 'You will get no more of these emails',
} as const;
