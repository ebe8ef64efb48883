import type { EventEnvelope } from '@waco/contracts';
import {
  idempotentBatch,
  idempotentHandler,
  SpanKind,
  type Subscription,
  withSpanFrom,
} from '@waco/platform';
import type { Kysely } from 'kysely';
import { CONSUMER, type NotificationsDeps } from '../commands/deps';
import type { NotificationsDatabase } from '../db/schema';
import { type MailTiming, storeNotifications } from '../db/store-notifications';
import { StreamCursors, type StreamEntry, type StreamPush, unreadEntries } from '../db/stream-log';
import type { EventOutcome } from './event-outcome';

/** How a subscription's events come to entries on the members' streams. */
export interface StreamSteps {
  /** The durable consumer's name (default `notifications`): one per producer and set of types. */
  consumer?: string;
  /**
   * Whose streams an event surely writes to (named in it): their cursors are locked first, for
   * the whole batch, all at once in id order, so that a batch never waits in a circle with
   * another batch or event. Streams met later (followers read by a handler) are locked as met.
   */
  streamsOf?: (event: EventEnvelope) => Array<string | undefined>;
  /** Facts a batch reads ahead for all its events at once (e.g. the actors' names). */
  readAhead?: (events: EventEnvelope[], trx: Kysely<NotificationsDatabase>) => Promise<void>;
  /** One event: its copies written, its facts gathered, and what the rules decided of it. */
  decide: (event: EventEnvelope, trx: Kysely<NotificationsDatabase>) => Promise<EventOutcome>;
}

/**
 * Both forms of a subscription's handler: one event, or a batch in one transaction. Either is
 * idempotent (the inbox row commits with the rest, so a redelivered event changes nothing), and
 * goes through the same steps: `handleEvents` in the transaction, then, once committed, the
 * entries it wrote go to the members' open streams and devices (`sendCommitted`).
 */
export function streamHandlers(
  deps: NotificationsDeps,
  steps: StreamSteps,
): Pick<Subscription, 'handle' | 'handleBatch'> {
  // One event reads its own facts: reading them ahead would cost as many queries.
  const consumer = steps.consumer ?? CONSUMER;
  const one = idempotentHandler(deps.db, consumer, (event, trx) =>
    handleEvents(trx, [event], steps, { mailTiming: deps.mailTiming }),
  );
  const batch = idempotentBatch(deps.db, consumer, (events, trx) =>
    handleEvents(trx, events, steps, { readAhead: true, mailTiming: deps.mailTiming }),
  );
  return {
    handle: async (event) => sendCommitted(deps, event.traceparent, (await one(event)) ?? []),
    handleBatch: async (events) =>
      sendCommitted(deps, events.at(-1)?.traceparent, (await batch(events)) ?? []),
  };
}

/** A batch's steps in its transaction, in order; answers the entries written to the stream log. */
async function handleEvents(
  trx: Kysely<NotificationsDatabase>,
  events: EventEnvelope[],
  steps: StreamSteps,
  options: { readAhead?: boolean; mailTiming?: MailTiming } = {},
): Promise<StreamPush[]> {
  const cursors = new StreamCursors(trx);
  await cursors.lock(events.flatMap((event) => steps.streamsOf?.(event) ?? []));
  if (options.readAhead) await steps.readAhead?.(events, trx);
  const outcomes: EventOutcome[] = [];
  for (const event of events) outcomes.push(await steps.decide(event, trx));
  return writeOutcomes(trx, cursors, outcomes, options.mailTiming);
}

/**
 * The batch's notifications stored (a few statements for all; each where its recipient wants
 * it: the app, a mail) and its entries appended to the
 * stream log (one), in the order of its events, then each changed user's unread counts, read
 * once after the whole batch.
 */
export async function writeOutcomes(
  trx: Kysely<NotificationsDatabase>,
  cursors: StreamCursors,
  outcomes: EventOutcome[],
  mailTiming: MailTiming | undefined,
): Promise<StreamPush[]> {
  // Locked before anything is stored, so that counts read after see every earlier commit.
  await cursors.lock(
    outcomes.flatMap((o) => [
      ...o.entries.map((e) => e.userId),
      ...o.notifications.map((d) => d.draft.recipientId),
      ...o.unread,
    ]),
  );
  const stored = await storeNotifications(
    trx,
    outcomes.flatMap((o) => o.notifications),
    mailTiming,
  );
  const entries: StreamEntry[] = [];
  const unread = new Set<string>();
  for (const outcome of outcomes) {
    entries.push(...outcome.entries);
    for (const userId of outcome.unread) unread.add(userId);
    for (const due of outcome.notifications) {
      const notification = stored.get(due);
      if (!notification) continue;
      entries.push({ userId: due.draft.recipientId, event: 'notification', data: notification });
      unread.add(due.draft.recipientId);
    }
  }
  return cursors.append([...entries, ...(await unreadEntries(trx, [...unread]))]);
}

/**
 * Once committed: the entries to members' devices (Web Push, started and never awaited, so that
 * a slow push service holds nothing back) and to the open live streams, on every instance.
 */
export async function sendCommitted(
  deps: NotificationsDeps,
  traceparent: string | null | undefined,
  pushes: StreamPush[],
) {
  if (pushes.length === 0) return;
  // The push to open live streams (SSE): the last span of the trace that caused it.
  await withSpanFrom(
    'push live',
    traceparent,
    SpanKind.PRODUCER,
    async () => {
      deps.webPush?.notify(pushes);
      await deps.pusher.send(pushes);
    },
    { service: 'notifications', attributes: { 'waco.pushes': pushes.length } },
  );
}
