import type { Kysely } from 'kysely';
import type { IdentityDatabase } from './schema';

/** Stores a user's password hash (argon2id, PHC string). */
export async function insertCredentials(db: Kysely<IdentityDatabase>, userId: string, passwordHash: string) {
  await db.insertInto('credentials').values({ user_id: userId, password_hash: passwordHash }).execute();
}

/** Replaces a user's password hash (or stores one, for an account that had none). */
export async function updateCredentials(db: Kysely<IdentityDatabase>, userId: string, passwordHash: string) {
  await db
    .insertInto('credentials')
    .values({ user_id: userId, password_hash: passwordHash })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({ password_hash: passwordHash, updated_at: new Date() }),
    )
    .execute();
}
