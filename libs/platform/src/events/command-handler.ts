import type { EventEnvelope } from '@waco/contracts';
import { type Kysely, sql } from 'kysely';
import { sleep } from '../backoff';
import { conflict } from '../http/errors';
import type { PersonalData } from '../personal-data/personal-data';
import type { Projection } from '../projections/projection';
import { type Decider, type DeciderEvent, foldHistory, type PastEvent } from './decider';
import { appendToStream, ConcurrencyError, type EventMetadata } from './event-store';

/** Where a service's commands write: its database, its schema, and the projections to apply. */
export interface EventStore<DB> {
  /** The service's database, or a transaction of the caller's to run the command in. */
  db: Kysely<DB>;
  /** The Postgres schema, which names the outbox channel that appendToStream notifies. */
  schema: string;
  /** The read models applied to the new events in the append's transaction. */
  projections: readonly Projection<DB>[];
  /** Seals the personal fields of new events and opens those of the history. */
  personalData?: PersonalData;
}

/** A handled command: the stream's state after the new events, and those events as stored. */
export interface CommandResult<State> {
  state: State;
  events: EventEnvelope[];
}

const MAX_ATTEMPTS = 5;

/**
 * What `handleCommand` decides on: the command itself, or how to gather it in the command's own
 * transaction. A command that needs facts from outside its stream (the post a like is of, the
 * member's suspension) reads them there, on the connection the command holds anyway and under
 * the stream's lock: one checkout of the pool per command instead of one per fact (a like took
 * three), and a request that has its connection finishes without queuing again behind requests
 * that came after it. Gathering runs after the stream's history is read, and again if the
 * command is retried; it must do nothing but database reads. A refusal thrown there (a 404)
 * leaves nothing written.
 */
export type CommandInput<DB, Command> = Command | ((trx: Kysely<DB>) => Promise<Command>);

/** The same store, running its commands inside the caller's transaction. */
export function inTransaction<DB>(store: EventStore<DB>, trx: NoInfer<Kysely<DB>>): EventStore<DB> {
  return { ...store, db: trx };
}

/**
 * The one way a service writes events. In one transaction: read the stream, fold it with the
 * decider's `evolve`, `decide`, append with the version that was read, and apply the service's
 * projections to the new events, so read tables change in the same commit as the log.
 *
 * Writers of one stream first queue on a transaction-scoped advisory lock, so fifty toggles at
 * once by one user succeed one after the other instead of failing forty-nine times; the expected
 * version stays the guarantee, and a conflict that slips through anyway is retried a bounded
 * number of times after a jittered pause (then a 409). Given a transaction (`inTransaction`),
 * the handler runs once inside it and leaves retrying to its owner: a conflict must restart the
 * whole transaction. A `RuleBroken` from `decide` leaves nothing written.
 */
export async function handleCommand<DB, Command, State, Event extends DeciderEvent>(
  store: EventStore<DB>,
  streamId: string,
  decider: Decider<Command, State, Event>,
  command: CommandInput<DB, Command>,
  metadata: EventMetadata = {},
): Promise<CommandResult<State>> {
  const run = (trx: Kysely<DB>) => decideAndAppend(store, trx, streamId, decider, command, metadata);
  if (store.db.isTransaction) return run(store.db);
  return transactionRetryingConflicts(store.db, run);
}

/**
 * Runs `work` in a transaction, and runs it again in a new one when a command in it met a
 * concurrent writer of its stream (a `ConcurrencyError`), a bounded number of times after a
 * jittered pause, then answers 409. The owner of a transaction that hands `inTransaction` to a
 * command uses it: a command run inside it cannot retry alone. It matters most when the
 * transaction wrote before the command (its id is then older than a concurrent writer's that
 * commits first: see appendToStream). `work` must do nothing but database work, since it may
 * run more than once.
 */
export async function transactionRetryingConflicts<DB, T>(
  db: Kysely<DB>,
  work: (trx: Kysely<DB>) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(work);
    } catch (err) {
      if (!(err instanceof ConcurrencyError)) throw err;
      if (attempt >= MAX_ATTEMPTS)
        throw conflict('This changed at the same moment elsewhere; please try again');
      await sleep(attempt * 10 + Math.random() * 20);
    }
  }
}

async function decideAndAppend<DB, Command, State, Event extends DeciderEvent>(
  store: EventStore<DB>,
  trx: Kysely<DB>,
  streamId: string,
  decider: Decider<Command, State, Event>,
  input: CommandInput<DB, Command>,
  metadata: EventMetadata,
): Promise<CommandResult<State>> {
  await sql`
    /* prepared */ SELECT pg_advisory_xact_lock(hashtext(${store.schema}), hashtext(${streamId}))`.execute(
    trx,
  );
  // Streams are short (one per post, per user and post, per user, per upload, per session); one
  // that only grows (a user's filter uses, a conversation) is declared `readsHistory: false`, and
  // then only its version is read.
  // Each row also says whether a newer transaction wrote it (see appendToStream), so that the
  // append needs not read the stream's head again. A transaction with no id yet gets a newer one
  // than any there when it appends: not older (and reading does not make it take one).
  const { rows: history } =
    decider.readsHistory === false
      ? await sql<PastEvent & { position: number; older: boolean }>`
          /* prepared */ SELECT type, NULL AS data, stream_position AS position,
                 coalesce(transaction_id > pg_current_xact_id_if_assigned(), false) AS older
          FROM events WHERE stream_id = ${streamId} ORDER BY stream_position DESC LIMIT 1`.execute(trx)
      : await sql<PastEvent & { position: number; older: boolean }>`
          /* prepared */ SELECT type, data, stream_position AS position, coalesce(transaction_id > pg_current_xact_id_if_assigned(), false) AS older
          FROM events WHERE stream_id = ${streamId} ORDER BY stream_position`.execute(trx);
  // Deciders and projections see personal fields readable; the log keeps them sealed.
  const readable = store.personalData ? await store.personalData.open(history, trx) : history;
  const current = decider.readsHistory === false ? decider.initialState : foldHistory(decider, readable);
  // Last before deciding: a fact read from a table the command also writes (a like reads the
  // post it counts on) locks that table from here to the commit, and the shorter that is the
  // less it holds up what waits for the table (a rebuild's swap).
  const command = isGathered(input) ? await input(trx) : input;
  const decided = decider.decide(command, current);
  const last = history.at(-1);
  const stored = await appendToStream(
    trx,
    store.schema,
    streamId,
    last?.position ?? 0,
    store.personalData ? await store.personalData.seal(decided, trx) : decided,
    metadata,
    { version: last?.position ?? 0, older: last?.older ?? false },
  );
  const events = store.personalData ? await store.personalData.open(stored, trx) : stored;
  for (const projection of store.projections) await projection.apply(trx, events);
  // The decided events are already parsed (`newEvent`), with the data that was stored.
  return { state: decided.reduce(decider.evolve, current), events };
}

function isGathered<DB, Command>(
  input: CommandInput<DB, Command>,
): input is (trx: Kysely<DB>) => Promise<Command> {
  return typeof input === 'function';
}
