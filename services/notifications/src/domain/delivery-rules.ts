import {
  DEFAULT_KIND_CHANNELS,
  DEFAULT_NOTIFICATION_SETTINGS,
  type KindChannels,
  kindOfNotification,
  NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationSettings,
  type NotificationSettingsUpdate,
  type NotificationType,
} from '@waco/contracts';

/** Where one notification goes: stored and shown in the app, pushed to devices, mailed. */
export interface Delivery {
  app: boolean;
  push: boolean;
  email: boolean;
}

/**
 * Where a notification of `type` goes for a member with these settings (undefined: the defaults,
 * today's behaviour). A push shows a notification of the app, so there is none without `app`;
 * types that are not a choice (a post's lifecycle, reports) come in the app and by push only.
 */
export function deliveryOf(settings: NotificationSettings | undefined, type: NotificationType): Delivery {
  const kind = kindOfNotification(type);
  if (!kind) return { app: true, push: true, email: false };
  const chosen = (settings ?? DEFAULT_NOTIFICATION_SETTINGS).kinds[kind];
  return { app: chosen.app, push: chosen.app && chosen.push, email: chosen.email };
}

/** A member's settings from what they changed (stored kinds may be partial or from an older shape). */
export function settingsFrom(stored: {
  kinds: Record<string, unknown>;
  digest: string;
  digestNeighborhood: string | null;
}): NotificationSettings {
  const kinds = { ...DEFAULT_NOTIFICATION_SETTINGS.kinds };
  for (const kind of NOTIFICATION_KINDS) {
    const given = stored.kinds[kind] as Partial<KindChannels> | undefined;
    if (given && typeof given === 'object') kinds[kind] = { ...DEFAULT_KIND_CHANNELS, ...given };
  }
  const digest = stored.digest === 'daily' || stored.digest === 'weekly' ? stored.digest : 'off';
  return {
    kinds,
    digest,
    digestNeighborhood: stored.digestNeighborhood as NotificationSettings['digestNeighborhood'],
  };
}

/** The settings after a change: the kinds given replace theirs, the rest stays. */
export function applySettingsUpdate(
  current: NotificationSettings,
  update: NotificationSettingsUpdate,
): NotificationSettings {
  const kinds = { ...current.kinds };
  for (const [kind, channels] of Object.entries(update.kinds ?? {}))
    if (channels) kinds[kind as NotificationKind] = channels;
  return {
    kinds,
    digest: update.digest ?? current.digest,
    digestNeighborhood:
      update.digestNeighborhood === undefined ? current.digestNeighborhood : update.digestNeighborhood,
  };
}

/** What an unsubscribe link stops: notification emails (a mail gathers several kinds), or the digest. */
export const MAIL_SUBJECTS = ['notifications', 'digest'] as const;
export type MailSubject = (typeof MAIL_SUBJECTS)[number];

/** The settings once the mails an unsubscribe link names are off. */
export function unsubscribed(current: NotificationSettings, what: MailSubject): NotificationSettings {
  if (what === 'digest') return { ...current, digest: 'off' };
  const kinds = { ...current.kinds };
  for (const kind of NOTIFICATION_KINDS) kinds[kind] = { ...kinds[kind], email: false };
  return { ...current, kinds };
}

/**
 * Notification emails are bounded: a member's notifications are gathered into one mail, sent
 * `gatherMs` after the first of them and never sooner than `spacingMs` after their previous
 * notification mail. A burst of 50 likes is one mail; a steady stream, at most one an hour.
 */
export const NOTIFICATION_MAIL_GATHER_MS = 5 * 60_000;
export const NOTIFICATION_MAIL_SPACING_MS = 60 * 60_000;
/** The most notifications a gathered mail lists; it counts the rest ("and 12 more"). */
export const NOTIFICATION_MAIL_MAX_ITEMS = 10;

/** When a new notification mail is due, from its first notification and the member's last mail. */
export function notificationMailDueAt(
  firstAt: Date,
  lastSentAt: Date | null,
  timing: { gatherMs: number; spacingMs: number },
): Date {
  const gathered = firstAt.getTime() + timing.gatherMs;
  const spaced = lastSentAt ? lastSentAt.getTime() + timing.spacingMs : 0;
  return new Date(Math.max(gathered, spaced));
}
