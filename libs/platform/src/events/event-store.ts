import type { EventDefinition, EventEnvelope } from '@waco/contracts';
import { type Kysely, sql } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { z } from 'zod';
import { currentTraceparent } from '../tracing';

/**
 * An event about to be appended: its type, schema version and validated data. `NewEvent<E>`
 * over a union of events (`EventOf` in contracts) is the union of their new events.
 */
export type NewEvent<E extends { type: string; data: unknown } = { type: string; data: unknown }> = E & {
  schemaVersion: number;
};

/** Who and what caused the events being appended. */
export interface EventMetadata {
  actorId?: string | null;
  correlationId?: string | null;
  causationId?: string | null;
}

/** The stream's last position the caller decided on; 0 means "the stream must not exist yet". */
export type ExpectedVersion = number | 'any';

/** Another writer appended to the stream first; reload state and try again. */
export class ConcurrencyError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedVersion,
    readonly actual: number,
    message = `Stream ${streamId} is at version ${actual}, expected ${expected}`,
  ) {
    super(message);
  }
}

/** Builds a `NewEvent`, validating the data against the event's schema. */
export function newEvent<Name extends string, S extends z.ZodType>(
  definition: EventDefinition<Name, S>,
  data: z.input<S>,
): NewEvent<{ type: Name; data: z.output<S> }> {
  return {
    type: definition.type,
    schemaVersion: definition.schemaVersion,
    data: definition.schema.parse(data),
  };
}

/** A row of the `events` table, as Postgres returns it. */
export interface EventRow {
  id: string;
  stream_id: string;
  stream_position: number;
  type: string;
  schema_version: number;
  data: unknown;
  actor_id: string | null;
  correlation_id: string | null;
  causation_id: string | null;
  traceparent: string | null;
  occurred_at: Date;
}

export function toEnvelope(row: EventRow): EventEnvelope {
  return {
    id: row.id,
    type: row.type,
    schemaVersion: row.schema_version,
    streamId: row.stream_id,
    streamPosition: row.stream_position,
    occurredAt: row.occurred_at.toISOString(),
    actorId: row.actor_id,
    correlationId: row.correlation_id,
    causationId: row.causation_id,
    traceparent: row.traceparent,
    data: row.data,
  };
}

/**
 * A stream's last position (0: empty), and whether its last event was written by a transaction
 * newer than the reader's (whose append would then be published out of order).
 */
export interface StreamHead {
  version: number;
  older: boolean;
}

/** The NOTIFY channel the outbox relay of a schema listens on. */
export const outboxChannel = (schema: string) => `outbox_${schema}`;

/**
 * Appends events to a stream inside the caller's transaction (so read tables change in the same
 * commit). Optimistic concurrency: `expected` must equal the stream's last position, and the
 * unique (stream_id, stream_position) catches a writer that raced past the check.
 */
export async function appendToStream<DB>(
  trx: Kysely<DB>,
  schema: string,
  streamId: string,
  expected: ExpectedVersion,
  events: NewEvent[],
  metadata: EventMetadata = {},
  /**
   * The stream's head as this transaction just read it (`handleCommand`, under the stream's
   * lock): saves reading it again. Absent, it is read here.
   */
  head?: StreamHead,
): Promise<EventEnvelope[]> {
  if (events.length === 0) return [];
  // The relay publishes in transaction id order. A transaction whose id is older than that of
  // the stream's last event (it took its id first, committed later) would be published before
  // it, out of stream order: it must start again, with a newer id, like any other conflict.
  const rows = head
    ? [head]
    : (
        await sql<StreamHead>`
          /* prepared */ SELECT stream_position AS version, transaction_id > pg_current_xact_id() AS older
          FROM events WHERE stream_id = ${streamId}
          ORDER BY stream_position DESC LIMIT 1`.execute(trx)
      ).rows;
  const actual = rows[0]?.version ?? 0;
  if (expected !== 'any' && expected !== actual) throw new ConcurrencyError(streamId, expected, actual);
  if (rows[0]?.older) {
    throw new ConcurrencyError(
      streamId,
      expected,
      actual,
      `Stream ${streamId} was appended to by a newer transaction; retry in a new one`,
    );
  }

  const traceparent = currentTraceparent();
  const values = events.map((e, i) => ({
    id: uuidv7(),
    stream_id: streamId,
    stream_position: actual + i + 1,
    type: e.type,
    schema_version: e.schemaVersion,
    data: e.data,
    actor_id: metadata.actorId ?? null,
    correlation_id: metadata.correlationId ?? null,
    causation_id: metadata.causationId ?? null,
    traceparent,
  }));
  try {
    // The NOTIFY goes in the same statement (one round trip less per command): it is evaluated
    // for each inserted row, and Postgres delivers one per channel and payload per transaction,
    // at commit, never for a rolled-back append. It wakes the relay without polling. (In a CTE
    // of its own that nothing reads, it would not be evaluated at all.)
    const inserted = await sql<EventRow>`
      /* prepared */ WITH inserted AS (
        INSERT INTO events (id, stream_id, stream_position, type, schema_version, data, actor_id,
                            correlation_id, causation_id, traceparent)
        SELECT * FROM jsonb_to_recordset(${JSON.stringify(values)}::jsonb) AS v(
          id uuid, stream_id text, stream_position int, type text, schema_version int, data jsonb,
          actor_id text, correlation_id text, causation_id text, traceparent text)
        RETURNING id, stream_id, stream_position, type, schema_version, data, actor_id, correlation_id,
                  causation_id, traceparent, occurred_at
      )
      SELECT inserted.*, pg_notify(${outboxChannel(schema)}, '') AS woken
      FROM inserted ORDER BY stream_position`.execute(trx);
    return inserted.rows.map(toEnvelope);
  } catch (err) {
    if ((err as { code?: string }).code === '23505')
      throw new ConcurrencyError(streamId, expected, actual + 1);
    throw err;
  }
}

/** Reads one stream, oldest first. */
export async function readStream<DB>(db: Kysely<DB>, streamId: string): Promise<EventEnvelope[]> {
  const { rows } = await sql<EventRow>`
    SELECT * FROM events WHERE stream_id = ${streamId} ORDER BY stream_position`.execute(db);
  return rows.map(toEnvelope);
}
