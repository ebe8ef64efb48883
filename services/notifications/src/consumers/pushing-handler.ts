import type { EventEnvelope } from '@waco/contracts';
import { idempotentHandler, SpanKind, withSpanFrom } from '@waco/platform';
import type { Kysely } from 'kysely';
import type { NotificationsDatabase } from '../db/schema';
import type { StreamPush } from '../db/stream-log';
import { CONSUMER, type NotificationsDeps } from '../deps';

/**
 * An idempotent handler (the inbox row and the effects commit together, so a redelivered event
 * changes nothing) whose effects include pushes to live streams: they are sent once committed.
 */
export function pushingHandler(
  deps: NotificationsDeps,
  effect: (event: EventEnvelope, trx: Kysely<NotificationsDatabase>) => Promise<StreamPush[]>,
): (event: EventEnvelope) => Promise<void> {
  return async (event) => {
    let pushes: StreamPush[] = [];
    await idempotentHandler(deps.db, CONSUMER, async (e, trx) => {
      pushes = await effect(e, trx);
    })(event);
    if (pushes.length === 0) return;
    // The push to open live streams (SSE): the last span of the trace that caused it.
    await withSpanFrom('push live', event.traceparent, SpanKind.PRODUCER, () => deps.pusher.send(pushes), {
      service: 'notifications',
      attributes: { 'waco.pushes': pushes.length },
    });
  };
}
