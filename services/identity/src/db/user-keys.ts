import { type Database, type KeyRing, newUserKey } from '@waco/platform';
import { type Kysely, type QueryExecutorProvider, sql } from 'kysely';
import type { IdentityDatabase } from './schema';

/**
 * Identity's own key ring: the `user_keys` table. A key to seal with is made on first use (at
 * registration, or for an account older than sealing). Both run in the caller's transaction
 * when there is one (`within`): the command's own connection, never a second one from the pool
 * while it holds the first; and the projection that opens the new events in that transaction
 * finds the key it made. Two first uses at once: the second's insert waits for the first's
 * commit, then reads its key.
 */
export function identityKeyRing(database: Database<IdentityDatabase>): KeyRing {
  const read = async (userId: string, within?: QueryExecutorProvider) => {
    const { rows } = await sql<{ key: Buffer }>`SELECT key FROM user_keys WHERE user_id = ${userId}`.execute(
      within ?? database.db,
    );
    return rows[0]?.key;
  };
  return {
    async keyToSeal(userId, within) {
      await sql`INSERT INTO user_keys (user_id, key) VALUES (${userId}, ${newUserKey()})
                ON CONFLICT (user_id) DO NOTHING`.execute(within ?? database.db);
      return read(userId, within);
    },
    keyToOpen: read,
    forget() {},
  };
}

/** Destroys a user's key: every sealed field of theirs, anywhere, reads as erased from now on. */
export async function destroyUserKey(trx: Kysely<IdentityDatabase>, userId: string) {
  await sql`DELETE FROM user_keys WHERE user_id = ${userId}`.execute(trx);
}
