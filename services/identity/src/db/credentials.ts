import type { Kysely } from 'kysely';
import type { IdentityDatabase } from './schema';

/** Stores a user's password hash (argon2id, PHC string). */
export async function insertCredentials(db: Kysely<IdentityDatabase>, userId: string, passwordHash: string) {
  await db.insertInto('credentials').values({ user_id: userId, password_hash: passwordHash }).execute();
}
