import {
  type Decider,
  type DeciderEvent,
  handleCommand,
  inTransaction,
  transactionRetryingConflicts,
  underMemberLimit,
} from '@waco/platform';
import type { Kysely } from 'kysely';
import type { PostsDatabase } from '../db/schema';
import { type CommandContext, metadataOf } from './deps';

/**
 * A limit per member that may refuse a command: its action, the event recorded for moderators
 * when the member reaches it, the time, and the member's facts for it.
 */
export type MemberLimit<Limits> = Omit<Parameters<typeof underMemberLimit>[1], 'userId'> & {
  /** The member's recent activity, read in the transaction that holds the member's lock. */
  limitsOf: (trx: Kysely<PostsDatabase>) => Promise<Limits>;
};

/**
 * Handles `command` on `streamId` in one transaction, and resolves to what `readBack` reads in it.
 * With a `limit` (the limits per member are on), the transaction holds the member's lock, so that
 * a burst sent at once is counted one request after the other, and the member's activity goes to
 * the decider as the command's `limits`; reaching a limit is recorded for moderators.
 */
export function handleMemberLimited<Command, Limits, State, Event extends DeciderEvent, T>(
  ctx: CommandContext,
  streamId: string,
  decider: Decider<Command, State, Event>,
  command: (db: Kysely<PostsDatabase>) => Promise<Command>,
  limit: MemberLimit<Limits> | null,
  readBack: (trx: Kysely<PostsDatabase>) => Promise<T>,
): Promise<T> {
  if (!limit)
    return transactionRetryingConflicts(ctx.store.db, async (trx) => {
      await handleCommand(inTransaction(ctx.store, trx), streamId, decider, command, metadataOf(ctx));
      return readBack(trx);
    });
  const { limitsOf, ...lock } = limit;
  return underMemberLimit(ctx.store, { ...lock, userId: ctx.actorId }, async (store, trx) => {
    const limits = await limitsOf(trx);
    await handleCommand(
      store,
      streamId,
      decider,
      async (db) => ({ ...(await command(db)), limits }),
      metadataOf(ctx),
    );
    return readBack(trx);
  });
}
