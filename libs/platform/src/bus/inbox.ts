import type { EventEnvelope } from '@waco/contracts';
import { type Kysely, sql, type Transaction } from 'kysely';
import { SpanKind, withSpanFrom } from '../tracing';

/**
 * Makes a handler idempotent: a `processed_messages` row is written in the same transaction as
 * the handler's effects, so a redelivered event finds the row and changes nothing.
 */
export function idempotentHandler<DB>(
  db: Kysely<DB>,
  consumer: string,
  handler: (event: EventEnvelope, trx: Transaction<DB>) => Promise<void>,
): (event: EventEnvelope) => Promise<void> {
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
            return; // already handled
          }
          await handler(event, trx);
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
 * the whole batch, one inbox statement for all its events, and the handler run for each event
 * not handled before, in order, on that transaction. All or nothing: when the handler throws
 * for any event, the batch rolls back (inbox rows included) and the bus handles each event on
 * its own. Resolves with what the handler returned for each event it ran, in order (and what
 * `finish` answered, last).
 */
export function idempotentBatchHandler<DB, R = void>(
  db: Kysely<DB>,
  consumer: string,
  handler: (event: EventEnvelope, trx: Transaction<DB>) => Promise<R>,
  options: {
    /**
     * Runs first in the transaction with the events about to be handled, e.g. to take every
     * row lock the batch will need in one statement, in a fixed order, so that batches never
     * wait on one another in a circle.
     */
    prepare?: (events: EventEnvelope[], trx: Transaction<DB>) => Promise<void>;
    /**
     * Runs last in the transaction, after the handler ran for every new event: writes gathered
     * over the batch, made with one statement each. What it answers is the last result.
     */
    finish?: (trx: Transaction<DB>) => Promise<R>;
  } = {},
): (events: EventEnvelope[]) => Promise<R[]> {
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
          if (todo.length > 0) await options.prepare?.(todo, trx);
          const results: R[] = [];
          for (const event of todo) results.push(await handler(event, trx));
          if (todo.length > 0 && options.finish) results.push(await options.finish(trx));
          return results;
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
