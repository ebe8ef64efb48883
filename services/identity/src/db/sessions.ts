import { type Kysely, type Selectable, sql } from 'kysely';
import type { IdentityDatabase, SessionData, SessionsTable } from './schema';

type Db = Kysely<IdentityDatabase>;
export type SessionRow = Selectable<SessionsTable>;

export async function insertSession(db: Db, session: { sid: string; sess: SessionData; expire: Date }) {
  await db
    .insertInto('sessions')
    .values({ sid: session.sid, sess: JSON.stringify(session.sess), expire: session.expire })
    .execute();
}

export function findSession(db: Db, sid: string): Promise<SessionRow | undefined> {
  return db.selectFrom('sessions').selectAll().where('sid', '=', sid).executeTakeFirst();
}

/** Deletes one session; answers the deleted row, or undefined when there was none. */
export function deleteSession(db: Db, sid: string): Promise<SessionRow | undefined> {
  return db.deleteFrom('sessions').where('sid', '=', sid).returningAll().executeTakeFirst();
}

/** Deletes every session that expired at or before `now`; answers how many. */
export async function deleteExpiredSessions(db: Db, now: Date): Promise<number> {
  const result = await db.deleteFrom('sessions').where('expire', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes every session of a user but `keep`; answers the deleted sessions' ids. */
export async function deleteSessionsOf(db: Db, userId: string, keep?: string): Promise<string[]> {
  let query = db.deleteFrom('sessions').where(sql<string>`sess->>'userId'`, '=', userId);
  if (keep) query = query.where('sid', '!=', keep);
  const rows = await query.returning('sid').execute();
  return rows.map((row) => row.sid).sort();
}
