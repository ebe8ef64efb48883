import type { EventEnvelope } from '@waco/contracts';
import type { Kysely } from 'kysely';

/**
 * A read model built from the service's own events: the tables it owns and the function that
 * applies events to them. A service lists its projections on its `ServiceDefinition`; its
 * commands call `apply` in the transaction that appends the events, and `rebuildProjections`
 * calls the very same `apply` to replay the log, so a rebuild can only give what live writes give.
 */
export interface Projection<DB = unknown> {
  /** For logs and errors. */
  name: string;
  /**
   * The tables only this projection writes, unqualified. A rebuild replaces them whole, so
   * nothing else may write them (copies of other services' data live in other tables).
   */
  tables: readonly string[];
  /**
   * Indexes of these tables that only the service's reads use (feeds, lists by member) and that
   * no statement of `apply` finds rows by. A rebuild builds them once the log is replayed instead
   * of keeping them up row by row, which at millions of rows costs more than the replay itself.
   * Naming one `apply` does look rows up by makes the rebuild slow, never wrong; a unique index
   * cannot be named (it decides `ON CONFLICT` and refuses duplicates while the log is replayed).
   */
  readOnlyIndexes?: readonly string[];
  /**
   * Applies events, oldest first, inside the caller's transaction; ignores types it does not
   * project. Names tables without a schema: the rebuild points `search_path` at its shadow
   * copies, and live writes at the service's schema. Values come from the events (ids, times),
   * never from clocks or sequences, so that a replay reproduces the rows.
   */
  apply(trx: Kysely<DB>, events: EventEnvelope[]): Promise<void>;
}

/** Declares a projection; `tables` is then checked against the service's database type. */
export function defineProjection<DB>(
  projection: Projection<DB> & { tables: readonly (keyof DB & string)[] },
): Projection<DB> {
  return projection;
}
