import { type Kysely, type Selectable, sql } from 'kysely';
import type { AccountTokensTable, IdentityDatabase } from './schema';

type Db = Kysely<IdentityDatabase>;
export type AccountTokenRow = Selectable<AccountTokensTable>;

export async function insertAccountToken(
  db: Db,
  token: { tokenHash: string; userId: string; purpose: AccountTokenRow['purpose']; expiresAt: Date },
) {
  await db
    .insertInto('account_tokens')
    .values({
      token_hash: token.tokenHash,
      user_id: token.userId,
      purpose: token.purpose,
      expires_at: token.expiresAt,
      used_at: null,
    })
    .execute();
}

/**
 * Voids a user's unused links of one purpose: a newer link replaces them. The user's row is
 * locked first, so that two requests issuing links at once take turns and one link stays.
 */
export async function voidUnusedAccountTokens(db: Db, userId: string, purpose: AccountTokenRow['purpose']) {
  await sql`SELECT 1 FROM users WHERE id = ${userId} FOR UPDATE`.execute(db);
  await db
    .deleteFrom('account_tokens')
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
}

export function findAccountToken(db: Db, tokenHash: string, purpose: AccountTokenRow['purpose']) {
  return db
    .selectFrom('account_tokens')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .executeTakeFirst();
}

/**
 * Marks a link used, once: answers false when another request used it first (the row is
 * updated only while `used_at` is null, so two clicks racing cannot both pass).
 */
export async function useAccountToken(db: Db, tokenHash: string, now: Date): Promise<boolean> {
  const { rows } = await sql`
    UPDATE account_tokens SET used_at = ${now}
    WHERE token_hash = ${tokenHash} AND used_at IS NULL AND expires_at > ${now}
    RETURNING token_hash`.execute(db);
  return rows.length === 1;
}

/** Deletes links that can no longer be used (expired a day ago). */
export async function deleteStaleAccountTokens(db: Db, now: Date) {
  await db
    .deleteFrom('account_tokens')
    .where('expires_at', '<', new Date(now.getTime() - 24 * 60 * 60 * 1000))
    .execute();
}
