import { ERASED, UserDeleted, UserRegistered } from '@waco/contracts';
import { inboxSubscription, type Subscription } from '@waco/platform';
import { type Kysely, sql } from 'kysely';
import type { NotificationsDatabase } from './schema';

const ADDRESSES_CONSUMER = 'notifications-mail';

/**
 * Where a member's notification mails and digests go: the address of their `UserRegistered`
 * (identity's emails never change), gone with their `UserDeleted`. A durable consumer of its
 * own, so that a new one reads identity's stream from its start and learns every member's.
 */
export function mailAddressesSubscription(db: Kysely<NotificationsDatabase>): Subscription {
  const source = {
    consumer: ADDRESSES_CONSUMER,
    producer: 'identity',
    types: [UserRegistered.type, UserDeleted.type],
  };
  return inboxSubscription(db, source, async (event, trx) => {
    if (event.type === UserDeleted.type) {
      await forgetAddress(trx, UserDeleted.schema.parse(event.data).userId);
      return;
    }
    const { userId, email } = UserRegistered.schema.parse(event.data);
    // A deleted account's registration, replayed, opens erased: nowhere to write to.
    if (email === ERASED || !email.includes('@')) return;
    await sql`
        INSERT INTO mail_addresses (user_id, email) VALUES (${userId}, ${email})
        ON CONFLICT (user_id) DO NOTHING`.execute(trx);
  });
}

export async function forgetAddress(trx: Kysely<NotificationsDatabase>, userId: string) {
  await sql`DELETE FROM mail_addresses WHERE user_id = ${userId}`.execute(trx);
}

/** The member's address, or undefined (unknown yet, or the account is gone). */
export async function addressOf(
  db: Kysely<NotificationsDatabase>,
  userId: string,
): Promise<string | undefined> {
  const { rows } = await sql<{
    email: string;
  }>`SELECT email FROM mail_addresses WHERE user_id = ${userId}`.execute(db);
  return rows[0]?.email;
}
