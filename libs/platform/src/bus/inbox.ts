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
          INSERT INTO processed_messages (consumer, message_id) VALUES (${consumer}, ${event.id})
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
