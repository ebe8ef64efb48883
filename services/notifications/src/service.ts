import { randomUUID } from 'node:crypto';
import { STREAM_HEARTBEAT_MS } from '@waco/contracts';
import { mailerOf, registerPersonalExport, type ServiceDefinition } from '@waco/platform';
import { registerNotificationRoutes } from './api/notification-routes';
import { registerPushRoutes } from './api/push-routes';
import { registerSettingsRoutes } from './api/settings-routes';
import { registerStreamRoutes } from './api/stream-routes';
import { registerUnsubscribeRoutes } from './api/unsubscribe-routes';
import { CONSUMER, type NotificationsDeps } from './commands/deps';
import { communityEventsSubscription } from './consumers/community-events';
import { followsSubscription } from './consumers/follows';
import { messagesSubscription } from './consumers/messages';
import { moderationSubscription } from './consumers/moderation';
import { postActivitySubscription } from './consumers/post-activity';
import { eraseNotificationsOf } from './consumers/user-deleted';
import { mailAddressesSubscription } from './db/mail-addresses';
import { notificationsMigrations } from './db/migrations';
import { nameActor } from './db/notifications';
import { NOTIFICATIONS_PERSONAL_DATA } from './db/personal-data';
import type { NotificationsDatabase } from './db/schema';
import { lastSeqs, readStream, streamSnapshot, trimStreamLog } from './db/stream-log';
import { nameOf, users } from './db/users';
import { startDigestScheduler } from './digest/digest-scheduler';
import { NOTIFICATION_MAIL_GATHER_MS, NOTIFICATION_MAIL_SPACING_MS } from './domain/delivery-rules';
import { busPusher, onPushes } from './live/bus-pusher';
import { StreamHub } from './live/stream-hub';
import { DEVELOPMENT_LINK_SECRET, type NotificationMailOptions } from './mail/config';
import { startNotificationMailSender } from './mail/mail-sender';
import { WebPushSender } from './push/web-push-sender';
import { refuseTestOutbound, type WebPushSettings } from './push/web-push-settings';
import { startReminderSweeper } from './reminders/reminder-sweeper';

export type { NotificationsDatabase } from './db/schema';
export type { NotificationMailOptions } from './mail/config';
export {
  readWebPushSettings,
  vapidKeysKeptIn,
  type WebPushSettings,
  webPushVariables,
} from './push/web-push-settings';

export interface NotificationsServiceOptions {
  /** Heartbeat comment interval on live streams (default 25 s), also their catch-up check. */
  heartbeatMs?: number;
  /** How long missed stream events stay replayable (default one hour). */
  streamRetentionMs?: number;
  /** How often old stream events are trimmed (default ten minutes). */
  trimEveryMs?: number;
  /**
   * Consumers of each producer's durable in this instance (default 1), as other instances would
   * be. Order does not matter: a user's writers take turns on their stream's cursor, and unread
   * counts go by positions. One is the default because it batches best: a consumer's batch is
   * whatever arrived while its last one ran, and several consumers split the flow into small
   * batches that then wait on the same users' cursor locks (bench/event-path.ts: with four, p99
   * passed 100 ms at 600 likes/s; with one, 600/s stayed under 50 ms; docs/performance.md).
   * More instances scale out.
   */
  concurrency?: number;
  /** The VAPID keys for Web Push to members' devices; push is off without them. */
  webPush?: WebPushSettings;
  /** Notification mails and digests (SMTP, links); both are off without it. */
  mail?: NotificationMailOptions;
  /** How long a notification mail gathers before it is due (default five minutes). */
  mailGatherMs?: number;
  /** The least time between a member's notification mails (default one hour). */
  mailSpacingMs?: number;
  /** How often due digests are looked for (default ten minutes). */
  digestEveryMs?: number;
  /** How often community events' due reminders are looked for (default a minute). */
  reminderEveryMs?: number;
  /** The clock of mails, digests and event reminders (tests choose the day). */
  now?: () => Date;
}

const HOUR_MS = 3_600_000;

/**
 * Notifications, built only from other services' events (likes, event responses, messages), and
 * the live stream that pushes them, new messages and unread counts to the browser. Several
 * instances share the durable consumers; pushes reach every instance by broadcast.
 */
export function createNotificationsService(
  options: NotificationsServiceOptions = {},
): ServiceDefinition<NotificationsDatabase> {
  return {
    name: 'notifications',
    migrations: notificationsMigrations,
    publishes: false,
    async build(ctx) {
      const db = ctx.database.db;
      refuseTestOutbound(options.webPush, ctx.production);
      const webPush = options.webPush && new WebPushSender(db, options.webPush, ctx.logger);
      const now = options.now ?? (() => new Date());
      const mailOptions = options.mail;
      if (ctx.production && mailOptions && !mailOptions.linkSecret)
        throw new Error('mail.linkSecret (MAIL_LINK_SECRET) is required in production');
      // Without mail no link is ever sent: a secret nobody knows refuses every token.
      const linkSecret = mailOptions ? (mailOptions.linkSecret ?? DEVELOPMENT_LINK_SECRET) : randomUUID();
      const deps: NotificationsDeps = {
        db,
        logger: ctx.logger,
        pusher: busPusher(ctx.bus, ctx.logger),
        webPush,
        mailTiming: mailOptions && {
          gatherMs: options.mailGatherMs ?? NOTIFICATION_MAIL_GATHER_MS,
          spacingMs: options.mailSpacingMs ?? NOTIFICATION_MAIL_SPACING_MS,
        },
      };
      const mailSender =
        mailOptions &&
        startNotificationMailSender({
          db,
          logger: ctx.logger,
          now,
          mail: {
            mailer: mailerOf(mailOptions.mailer, mailOptions.mailFrom),
            appUrl: mailOptions.appUrl,
            linkSecret,
          },
        });
      const digests =
        mailSender &&
        startDigestScheduler({
          db,
          logger: ctx.logger,
          now,
          everyMs: options.digestEveryMs ?? 10 * 60_000,
          queued: () => mailSender.nudge(),
        });
      const reminders = startReminderSweeper({
        ...deps,
        now,
        everyMs: options.reminderEveryMs ?? 60_000,
      });
      const hub = new StreamHub({
        source: {
          snapshot: (userId, afterSeq) => streamSnapshot(db, userId, afterSeq),
          range: (userId, afterSeq, upToSeq) => readStream(db, userId, afterSeq, upToSeq),
          lastSeqs: (userIds) => lastSeqs(db, userIds),
        },
        logger: ctx.logger,
        heartbeatMs: options.heartbeatMs ?? STREAM_HEARTBEAT_MS,
      });
      const stopListening = await onPushes(
        ctx.bus,
        ctx.logger,
        (pushes) => hub.deliver(pushes),
        () => hub.catchUp(),
      );

      const retentionMs = options.streamRetentionMs ?? HOUR_MS;
      const trim = () =>
        trimStreamLog(db, retentionMs).catch((err) =>
          ctx.logger.warn({ err }, 'could not trim the stream log'),
        );
      const trimmer = setInterval(trim, options.trimEveryMs ?? 10 * 60_000);
      trimmer.unref();
      void trim();

      return {
        routes(app) {
          registerNotificationRoutes(app, deps);
          registerStreamRoutes(app, hub);
          registerPushRoutes(app, deps, options.webPush);
          registerSettingsRoutes(app, deps);
          registerUnsubscribeRoutes(app, deps, { secret: linkSecret, now });
          registerPersonalExport(app, 'notificationsExport', ctx.database.pool, NOTIFICATIONS_PERSONAL_DATA);
        },
        subscriptions: [
          // A deleted account (UserDeleted): consumers/user-deleted.ts erases its copy.
          users.subscription(db, CONSUMER, {
            onDeleted: eraseNotificationsOf,
            onNamed: async (trx, userId) => nameActor(trx, userId, await nameOf(trx, userId)),
          }),
          // moderation's blocks, suspensions and report outcomes.
          moderationSubscription(deps),
          // identity's follows: the member followed hears of it.
          followsSubscription(deps),
          // groups' community events: reminders scheduled, notices of changes.
          communityEventsSubscription(deps),
          // identity's registrations: where a member's mails go.
          mailAddressesSubscription(db),
          ...Array.from({ length: options.concurrency ?? 1 }, () => [
            postActivitySubscription(deps),
            messagesSubscription(deps),
          ]).flat(),
        ],
        async close() {
          clearInterval(trimmer);
          await reminders.stop();
          stopListening();
          hub.close();
          await digests?.stop();
          await mailSender?.stop();
          await webPush?.close();
        },
      };
    },
  };
}

export const notificationsService = createNotificationsService();
