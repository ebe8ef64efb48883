import { ProfileUpdated, UserRegistered } from '@waco/contracts';
import { idempotentHandler, type Subscription } from '@waco/platform';
import type { Kysely } from 'kysely';
import type { MessagingDatabase } from '../db/schema';
import { upsertUser } from '../db/users';

/** The inbox name of every consumer in this service, and its durable consumer's name. */
export const CONSUMER = 'messaging';

/**
 * identity's `UserRegistered` and `ProfileUpdated` → the users table: who can be messaged, and
 * the names and avatars conversation lists show, without asking identity.
 */
export function usersSubscription(db: Kysely<MessagingDatabase>): Subscription {
  return {
    consumer: CONSUMER,
    producer: 'identity',
    types: [UserRegistered.type, ProfileUpdated.type],
    handle: idempotentHandler(db, CONSUMER, (event, trx) => upsertUser(trx, event)),
  };
}
