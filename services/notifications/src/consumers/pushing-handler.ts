import type { EventEnvelope } from '@waco/contracts';
import {
  idempotentBatchHandler,
  idempotentHandler,
  SpanKind,
  type Subscription,
  withSpanFrom,
} from '@waco/platform';
import type { Kysely } from 'kysely';
import type { NotificationsDatabase } from '../db/schema';
import { type StreamPush, StreamWriter } from '../db/stream-log';
import { CONSUMER, type NotificationsDeps } from '../deps';

type Effect = (event: EventEnvelope, trx: Kysely<NotificationsDatabase>) => Promise<StreamPush[]>;

/**
 * An idempotent handler (the inbox row and the effects commit together, so a redelivered event
 * changes nothing) whose effects include pushes to live streams: they are sent once committed.
 */
export function pushingHandler(
  deps: NotificationsDeps,
  effect: Effect,
): (event: EventEnvelope) => Promise<void> {
  return async (event) => {
    let pushes: StreamPush[] = [];
    await idempotentHandler(deps.db, CONSUMER, async (e, trx) => {
      pushes = await effect(e, trx);
    })(event);
    await sendPushes(deps, event, pushes);
  };
}

/**
 * Both forms of a subscription's handler: one event, or a batch in one transaction whose pushes
 * go out together once it commits (a user's pushes in the order of their sequence numbers).
 */
export function pushingHandlers(
  deps: NotificationsDeps,
  effect: Effect,
  /** Whose live streams an event may push to: their cursors are locked for the whole batch. */
  streamsOf: (event: EventEnvelope) => Array<string | undefined>,
  /** What a batch reads ahead for all its events at once (e.g. the actors' names). */
  readAhead?: (events: EventEnvelope[], trx: Kysely<NotificationsDatabase>) => Promise<void>,
): Pick<Subscription, 'handle' | 'handleBatch'> {
  const batch = idempotentBatchHandler(deps.db, CONSUMER, effect, {
    // Every cursor the batch may touch, locked at once in id order (as a single event's are):
    // a batch then never waits in a circle with another batch or event. The batch's effects
    // share this writer; its pushes, unread counts and held notifications are written at the end.
    prepare: async (events, trx) => {
      const users = events.flatMap(streamsOf).filter((u): u is string => typeof u === 'string');
      await StreamWriter.openForBatch(trx, users);
      await readAhead?.(events, trx);
    },
    finish: (trx) => StreamWriter.finishBatch(trx),
  });
  return {
    handle: pushingHandler(deps, effect),
    handleBatch: async (events) => {
      const pushes = (await batch(events)).flat();
      await sendPushes(deps, events.at(-1) as EventEnvelope, pushes);
    },
  };
}

async function sendPushes(deps: NotificationsDeps, event: EventEnvelope, pushes: StreamPush[]) {
  if (pushes.length === 0) return;
  // The push to open live streams (SSE): the last span of the trace that caused it.
  await withSpanFrom('push live', event.traceparent, SpanKind.PRODUCER, () => deps.pusher.send(pushes), {
    service: 'notifications',
    attributes: { 'waco.pushes': pushes.length },
  });
}
