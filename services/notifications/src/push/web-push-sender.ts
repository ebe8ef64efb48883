import type { Notification } from '@waco/contracts';
import { type Logger, OutboundRefused, PublicOutbound } from '@waco/platform';
import type { Kysely } from 'kysely';
import webpush from 'web-push';
import type { DeviceNotifier } from '../commands/deps';
import { settingsOf } from '../db/notification-settings';
import { dropSubscription, type PushTarget, subscriptionsOf } from '../db/push-subscriptions';
import type { NotificationsDatabase } from '../db/schema';
import type { StreamPush } from '../db/stream-log';
import { users } from '../db/users';
import { deliveryOf } from '../domain/delivery-rules';
import { pushMessageOf } from '../domain/push-message';
import type { WebPushSettings } from './web-push-settings';

/** How long a push service may take to accept a push. */
const SEND_TIMEOUT_MS = 10_000;
/** The most of a push service's answer read (it says 201 with no body). */
const MAX_ANSWER_BYTES = 16 * 1024;
/** How long a push service keeps a push for a device that is offline. */
const TIME_TO_LIVE_S = 24 * 3600;

/**
 * Sends each new notification to the recipient's devices through their push services (Web
 * Push: the payload encrypted for the device, RFC 8291, and signed with our VAPID key, RFC
 * 8292), so it reaches them with no tab open. It runs after the notification has committed and
 * is never waited for: a slow or failing push service cannot hold back, fail or lose a
 * notification. A device its push service calls gone (404, 410) is forgotten.
 *
 * The endpoint is a URL a member sent: pushes go through `PublicOutbound`, which connects only to
 * public addresses over https (checked on the address connected to, after DNS), follows no
 * redirect and bounds the time and the answer. A device whose endpoint leads inside is forgotten.
 */
export class WebPushSender implements DeviceNotifier {
  private readonly inFlight = new Set<Promise<void>>();
  private readonly outbound: PublicOutbound;

  constructor(
    private readonly db: Kysely<NotificationsDatabase>,
    private readonly settings: WebPushSettings,
    private readonly logger: Logger,
  ) {
    this.outbound = new PublicOutbound({
      ...settings.outbound,
      timeoutMs: SEND_TIMEOUT_MS,
      maxResponseBytes: MAX_ANSWER_BYTES,
    });
  }

  /** Starts sending the unread notifications among committed pushes; returns at once. */
  notify(pushes: StreamPush[]): void {
    for (const push of pushes) {
      if (push.event !== 'notification') continue;
      const notification = push.data as Notification;
      // Already read elsewhere (e.g. the conversation was open): nothing to tell.
      if (notification.isRead) continue;
      const sending = this.sendToDevices(push.userId, notification).finally(() =>
        this.inFlight.delete(sending),
      );
      this.inFlight.add(sending);
    }
  }

  /** Waits for the pushes being sent, then closes the connections (a clean stop). */
  async close(): Promise<void> {
    await Promise.allSettled([...this.inFlight]);
    await this.outbound.close();
  }

  private async sendToDevices(userId: string, notification: Notification) {
    try {
      const devices = await subscriptionsOf(this.db, userId);
      if (devices.length === 0) return;
      // The member turned pushes of this kind off (read now: a change counts at once).
      if (!deliveryOf(await settingsOf(this.db, userId), notification.type).push) return;
      const payload = JSON.stringify(pushMessageOf(notification, await users.languageOf(this.db, userId)));
      await Promise.all(devices.map((device) => this.send(device, payload)));
    } catch (err) {
      this.logger.warn({ err, userId }, 'web push: could not send a notification');
    }
  }

  private async send(device: PushTarget, payload: string) {
    const request = webpush.generateRequestDetails(device, payload, {
      vapidDetails: this.settings,
      TTL: TIME_TO_LIVE_S,
      urgency: 'normal',
    });
    const origin = new URL(device.endpoint).origin;
    try {
      const res = await this.outbound.send(request.endpoint, {
        method: 'POST',
        headers: request.headers as Record<string, string>,
        body: request.body ? new Uint8Array(request.body) : undefined,
      });
      if (res.status === 404 || res.status === 410) {
        await dropSubscription(this.db, device.endpoint);
        this.logger.info(
          { pushService: origin, status: res.status },
          'web push: device gone, subscription dropped',
        );
      } else if (res.status < 200 || res.status >= 300) {
        this.logger.warn(
          { pushService: origin, status: res.status },
          'web push: push service refused a push',
        );
      }
    } catch (err) {
      if (err instanceof OutboundRefused) {
        // A local or private address (a row kept from before the check, or a name whose DNS
        // answer now leads inside): never a push service, so the device is forgotten.
        await dropSubscription(this.db, device.endpoint);
        this.logger.warn(
          { pushService: origin, reason: err.message },
          'web push: push service address refused, subscription dropped',
        );
        return;
      }
      this.logger.warn({ err, pushService: origin }, 'web push: push service unreachable');
    }
  }
}
