import { type Database, type KeyRing, newUserKey } from '@waco/platform';
import { type Kysely, sql } from 'kysely';
import type { IdentityDatabase } from './schema';

/**
 * Identity's own key ring: the `user_keys` table. A key to seal with is made on first use (at
 * registration, or for an account older than sealing), outside the caller's transaction, so
 * that the projection that opens the new events in that transaction finds it.
 */
export function identityKeyRing(database: Database<IdentityDatabase>): KeyRing {
  const read = async (userId: string) => {
    const { rows } = await sql<{ key: Buffer }>`SELECT key FROM user_keys WHERE user_id = ${userId}`.execute(
      database.db,
    );
    return rows[0]?.key;
  };
  return {
    async keyToSeal(userId) {
      await sql`INSERT INTO user_keys (user_id, key) VALUES (${userId}, ${newUserKey()})
                ON CONFLICT (user_id) DO NOTHING`.execute(database.db);
      return read(userId);
    },
    keyToOpen: read,
    forget() {},
  };
}

/** Destroys a user's key: every sealed field of theirs, anywhere, reads as erased from now on. */
export async function destroyUserKey(trx: Kysely<IdentityDatabase>, userId: string) {
  await sql`DELETE FROM user_keys WHERE user_id = ${userId}`.execute(trx);
}
