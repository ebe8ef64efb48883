import type { EventEnvelope } from '@waco/contracts';
import { appendToStream, badRequest, ConcurrencyError, conflict, type NewEvent } from '@waco/platform';
import { type Kysely, sql } from 'kysely';
import type { PostsDatabase } from '../db/schema';
import type { StreamState } from '../domain/decider';
import { RuleBroken } from '../domain/rule-broken';
import { applyEvents } from '../projections/apply-events';

/** What every command needs: the database, its schema (for the outbox NOTIFY) and the actor. */
export interface CommandContext {
  db: Kysely<PostsDatabase>;
  schema: string;
  actorId: string;
  correlationId?: string | null;
}

const MAX_ATTEMPTS = 5;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs one decision on one stream: read its events, fold them into state, decide, then append
 * with the version that was read and project the new events, all in one transaction.
 *
 * Writers of the same stream first queue on a transaction-scoped advisory lock, so fifty
 * toggles at once by one user succeed one after the other instead of failing forty-nine
 * times; the expected version stays the guarantee, and a conflict that slips through anyway
 * is retried a bounded number of times after a jittered pause.
 */
export async function decideOnStream<S>(
  ctx: CommandContext,
  streamId: string,
  state: StreamState<S>,
  decide: (current: S) => NewEvent[] | Promise<NewEvent[]>,
): Promise<{ state: S; events: EventEnvelope[] }> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await ctx.db.transaction().execute(async (trx) => {
        await sql`SELECT pg_advisory_xact_lock(hashtext(${ctx.schema}), hashtext(${streamId}))`.execute(trx);
        const { rows: history } = state.appendOnly
          ? await sql<Pick<EventEnvelope, 'type' | 'data'> & { position: number }>`
              SELECT type, NULL AS data, stream_position AS position FROM events
              WHERE stream_id = ${streamId} ORDER BY stream_position DESC LIMIT 1`.execute(trx)
          : await sql<Pick<EventEnvelope, 'type' | 'data'> & { position: number }>`
              SELECT type, data, stream_position AS position FROM events
              WHERE stream_id = ${streamId} ORDER BY stream_position`.execute(trx);
        const current = history.reduce(state.evolve, state.initial);
        const decided = await decide(current);
        const appended = await appendToStream(
          trx as unknown as Kysely<unknown>,
          ctx.schema,
          streamId,
          history.at(-1)?.position ?? 0,
          decided,
          { actorId: ctx.actorId, correlationId: ctx.correlationId ?? null },
        );
        await applyEvents(trx, appended);
        return { state: appended.reduce(state.evolve, current), events: appended };
      });
    } catch (err) {
      if (err instanceof RuleBroken) throw badRequest(err.message, err.field);
      if (!(err instanceof ConcurrencyError)) throw err;
      if (attempt >= MAX_ATTEMPTS)
        throw conflict('This changed at the same moment elsewhere; please try again');
      await sleep(attempt * 10 + Math.random() * 20);
    }
  }
}
