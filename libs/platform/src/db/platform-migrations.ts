import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Tables every service has in its own schema. Names start with `0000_` so they run before the
 * service's own migrations.
 */
export const platformMigrations: Record<string, Migration> = {
  '0000_platform_events': {
    async up(db: Kysely<unknown>) {
      // The append-only event log, which is also the outbox. `transaction_id` lets the relay
      // read in commit-safe order (see events/outbox-relay.ts).
      await sql`
        CREATE TABLE events (
          global_position bigserial PRIMARY KEY,
          id uuid NOT NULL UNIQUE,
          stream_id text NOT NULL,
          stream_position integer NOT NULL,
          type text NOT NULL,
          schema_version integer NOT NULL,
          data jsonb NOT NULL,
          actor_id text,
          correlation_id text,
          causation_id text,
          traceparent text,
          occurred_at timestamptz NOT NULL DEFAULT now(),
          transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
          UNIQUE (stream_id, stream_position)
        )`.execute(db);
      await sql`CREATE INDEX events_outbox_order ON events (transaction_id, global_position)`.execute(db);
      await sql`
        CREATE TABLE outbox_checkpoints (
          name text PRIMARY KEY,
          last_transaction_id xid8 NOT NULL DEFAULT '0',
          last_position bigint NOT NULL DEFAULT 0,
          updated_at timestamptz NOT NULL DEFAULT now()
        )`.execute(db);
      // The consumer inbox: a row per handled message, written in the handler's transaction.
      await sql`
        CREATE TABLE processed_messages (
          consumer text NOT NULL,
          message_id uuid NOT NULL,
          processed_at timestamptz NOT NULL DEFAULT now(),
          PRIMARY KEY (consumer, message_id)
        )`.execute(db);
    },
  },
  '0000_platform_relay_stream': {
    async up(db: Kysely<unknown>) {
      // What the relay knows of its stream on the bus: which stream it published to (its
      // identity, which changes when a server that lost its store makes it again), and the
      // position in the outbox up to which every consumer of that stream had acknowledged. Should
      // the stream be made again, the relay publishes again from there (see outbox-relay.ts).
      await sql`
        ALTER TABLE outbox_checkpoints
          ADD COLUMN stream_identity text,
          ADD COLUMN acked_transaction_id xid8 NOT NULL DEFAULT '0',
          ADD COLUMN acked_position bigint NOT NULL DEFAULT 0`.execute(db);
    },
  },
};
