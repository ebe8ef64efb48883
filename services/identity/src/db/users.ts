import type { Kysely } from 'kysely';
import type { IdentityDatabase, UserRow } from './schema';

type Db = Kysely<IdentityDatabase>;

/** One user by id; `forUpdate` locks the row until the transaction ends. */
export async function findUserById(
  db: Db,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<UserRow | undefined> {
  const query = db.selectFrom('users').selectAll().where('id', '=', id);
  return (options.forUpdate ? query.forUpdate() : query).executeTakeFirst();
}

/** One user by an already normalised (lower-cased) email. */
export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

/** A user and their password hash (null when they have none, e.g. the dev test user). */
export function findAccountByEmail(db: Db, email: string) {
  return accountQuery(db).where('users.email', '=', email).executeTakeFirst();
}

/** The unique index that makes emails unique without regard to case. */
export const EMAIL_UNIQUE_INDEX = 'users_email_key';

/** A user and their password hash, by id. */
export function findAccountById(db: Db, id: string) {
  return accountQuery(db).where('users.id', '=', id).executeTakeFirst();
}

function accountQuery(db: Db) {
  return db
    .selectFrom('users')
    .leftJoin('credentials', 'credentials.user_id', 'users.id')
    .selectAll('users')
    .select('credentials.password_hash');
}
