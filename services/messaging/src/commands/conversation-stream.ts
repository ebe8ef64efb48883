import type { EventEnvelope } from '@waco/contracts';
import { appendToStream, badRequest, type NewEvent, notFound } from '@waco/platform';
import { type Kysely, sql } from 'kysely';
import { type MessagingDatabase, untyped } from '../db/schema';
import { conversationStream, RuleBroken } from '../domain/conversations';
import { applyConversationEvents } from '../projections/conversations';
import type { MessagingDeps } from './deps';

/**
 * Runs one decision on a conversation's stream, in one transaction: writers of the same
 * conversation queue on an advisory lock, so the state read for the decision is the state the
 * events are appended after; the events are then projected before the commit.
 */
export async function decideOnConversation(
  deps: MessagingDeps,
  conversationId: string,
  actorId: string,
  decide: (trx: Kysely<MessagingDatabase>) => Promise<NewEvent[]>,
): Promise<EventEnvelope[]> {
  const stream = conversationStream(conversationId);
  try {
    return await deps.db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(hashtext(${deps.schema}), hashtext(${stream}))`.execute(trx);
      const events = await decide(trx);
      // Under the lock no other writer can append: the stream's version is whatever it is now.
      const appended = await appendToStream(untyped(trx), deps.schema, stream, 'any', events, { actorId });
      await applyConversationEvents(trx, appended);
      return appended;
    });
  } catch (err) {
    throw asHttpError(err);
  }
}

/** A refused decision becomes the answer the caller should see. */
export function asHttpError(err: unknown): unknown {
  if (!(err instanceof RuleBroken)) return err;
  return err.kind === 'not-found' ? notFound(err.message) : badRequest(err.message, err.field);
}
