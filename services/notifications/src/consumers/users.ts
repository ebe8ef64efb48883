import { ProfileUpdated, UserRegistered } from '@waco/contracts';
import { idempotentHandler, type Subscription } from '@waco/platform';
import type { Kysely } from 'kysely';
import type { NotificationsDatabase } from '../db/schema';
import { upsertUser } from '../db/users';
import { CONSUMER } from '../deps';

/** identity's `UserRegistered` and `ProfileUpdated` → the users table: names for titles. */
export function usersSubscription(db: Kysely<NotificationsDatabase>): Subscription {
  return {
    consumer: CONSUMER,
    producer: 'identity',
    types: [UserRegistered.type, ProfileUpdated.type],
    handle: idempotentHandler(db, CONSUMER, (event, trx) => upsertUser(trx, event)),
  };
}
