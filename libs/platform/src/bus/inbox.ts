import type { EventEnvelope } from '@waco/contracts';
import { type Kysely, sql, type Transaction } from 'kysely';
import { SpanKind, withSpanFrom } from '../tracing';

/**
 * Makes a handler idempotent: a `processed_messages` row is written in the same transaction as
 * the handler's effects, so a redelivered event finds the row and changes nothing. Resolves,
 * once committed, with what the handler answered (undefined for a redelivery).
 */
export function idempotentHandler<DB, R = void>(
  db: Kysely<DB>,
  consumer: string,
  handler: (event: EventEnvelope, trx: Transaction<DB>) => Promise<R>,
): (event: EventEnvelope) => Promise<R | undefined> {
  return (event) =>
    withSpanFrom(
      `consume ${event.type}`,
      event.traceparent,
      SpanKind.CONSUMER,
      (span) =>
        db.transaction().execute(async (trx) => {
          const { rows } = await sql`
          /* prepared */ INSERT INTO processed_messages (consumer, message_id) VALUES (${consumer}, ${event.id})
          ON CONFLICT DO NOTHING RETURNING message_id`.execute(trx);
          if (rows.length === 0) {
            span.setAttribute('waco.duplicate', true);
            return undefined; // already handled
          }
          return handler(event, trx);
        }),
      {
        // The consumer is named after its service (`notifications`, `posts-authors`...).
        service: consumer.split('-')[0],
        attributes: {
          'messaging.operation.type': 'process',
          'messaging.consumer.group.name': consumer,
          'messaging.message.id': event.id,
        },
      },
    );
}

/**
 * The batch form of `idempotentHandler` (a subscription's `handleBatch`): one transaction for
 * the whole batch, one inbox statement for all its events, and `work` run once on that
 * transaction with the events not handled before, in order (not at all when there are none).
 * All or nothing: when `work` throws, the batch rolls back (inbox rows included) and the bus
 * handles each event on its own. Resolves, once committed, with what `work` answered.
 */
export function idempotentBatch<DB, R>(
  db: Kysely<DB>,
  consumer: string,
  work: (events: EventEnvelope[], trx: Transaction<DB>) => Promise<R>,
): (events: EventEnvelope[]) => Promise<R | undefined> {
  return (events) =>
    withSpanFrom(
      `consume batch of ${events.length}`,
      events[0]?.traceparent,
      SpanKind.CONSUMER,
      (span) =>
        db.transaction().execute(async (trx) => {
          const ids = events.map((e) => e.id);
          const { rows } = await sql<{ message_id: string }>`
          /* prepared */ INSERT INTO processed_messages (consumer, message_id)
          SELECT ${consumer}, id FROM unnest(${ids}::uuid[]) AS t(id)
          ON CONFLICT DO NOTHING RETURNING message_id`.execute(trx);
          const fresh = new Set(rows.map((r) => r.message_id));
          span.setAttribute('waco.duplicates', events.length - fresh.size);
          // Once per id, even should the batch hold it twice.
          const todo = events.filter((event) => fresh.delete(event.id.toLowerCase()));
          return todo.length > 0 ? work(todo, trx) : undefined;
        }),
      {
        service: consumer.split('-')[0],
        attributes: {
          'messaging.operation.type': 'process',
          'messaging.consumer.group.name': consumer,
          'messaging.batch.message_count': events.length,
        },
      },
    );
}

/**
 * `idempotentBatch` with `handler` run for each new event, in order. Resolves with what it
 * answered for each.
 */
export function idempotentBatchHandler<DB, R = void>(
  db: Kysely<DB>,
  consumer: string,
  handler: (event: EventEnvelope, trx: Transaction<DB>) => Promise<R>,
): (events: EventEnvelope[]) => Promise<R[]> {
  const batch = idempotentBatch(db, consumer, async (events: EventEnvelope[], trx: Transaction<DB>) => {
    const results: R[] = [];
    for (const event of events) results.push(await handler(event, trx));
    return results;
  });
  return async (events) => (await batch(events)) ?? [];
}
