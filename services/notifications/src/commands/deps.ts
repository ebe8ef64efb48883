import type { Logger } from '@waco/platform';
import type { Kysely } from 'kysely';
import type { NotificationsDatabase } from '../db/schema';
import type { MailTiming } from '../db/store-notifications';
import type { StreamPush } from '../db/stream-log';

/** The inbox name of every consumer in this service, and its durable consumers' name. */
export const CONSUMER = 'notifications';

/** Sends committed pushes to the live streams, on whichever instance holds them. */
export interface Pusher {
  send(pushes: StreamPush[]): Promise<void>;
}

/** Starts telling members' devices of the new notifications among committed pushes (Web Push). */
export interface DeviceNotifier {
  notify(pushes: StreamPush[]): void;
}

/** What notifications' consumers and commands run against. */
export interface NotificationsDeps {
  db: Kysely<NotificationsDatabase>;
  logger: Logger;
  /** To open live streams (live/bus-pusher.ts). */
  pusher: Pusher;
  /** To members' devices (push/web-push-sender.ts); absent when Web Push is off. */
  webPush?: DeviceNotifier;
  /** When notification mails go out; absent when mail is off (then nothing is gathered). */
  mailTiming?: MailTiming;
}
