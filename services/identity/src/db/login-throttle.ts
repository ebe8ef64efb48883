import { type Kysely, sql } from 'kysely';
import {
  FIRST_LOGIN_DELAY_MS,
  FREE_LOGIN_ATTEMPTS,
  LOGIN_ATTEMPT_WINDOW_MS,
  MAX_LOGIN_DELAY_MS,
} from '../domain/login-throttle';
import type { IdentityDatabase } from './schema';

type Db = Kysely<IdentityDatabase>;

/** An attempt counted, or refused because the account is waiting until `blockedUntil`. */
export type AttemptCount = { counted: true; attempts: number } | { counted: false; blockedUntil: Date };

/**
 * Counts a sign-in attempt for `email` before its password is checked (a success then clears
 * the count), in one statement: parallel attempts are counted one by one, so no more than the
 * free ones get through before the wait applies. An attempt during the wait is refused and not
 * counted. The wait that follows the attempt (see domain/login-throttle.ts) is set at once.
 */
export async function countLoginAttempt(db: Db, email: string, now: Date): Promise<AttemptCount> {
  const { rows } = await sql<{ attempts: number }>`
    INSERT INTO login_throttle AS t (email, attempts, last_attempt_at, blocked_until)
    VALUES (${email}, 1, ${now}, ${waitUntil(sql`1`, now)})
    ON CONFLICT (email) DO UPDATE SET ${oneMoreAttempt(now)}
    WHERE ${notWaiting(now)}
    RETURNING attempts`.execute(db);
  return attemptCount(rows, now, () =>
    db.selectFrom('login_throttle').select('blocked_until').where('email', '=', email).executeTakeFirst(),
  );
}

/**
 * What a counting statement's rows say: the attempt counted, or refused (no row) until the end
 * of the wait that `waitOf` reads; a count cleared in between (a success) is a wait of zero.
 */
export async function attemptCount(
  rows: { attempts: number }[],
  now: Date,
  waitOf: () => Promise<{ blocked_until: Date | null } | undefined>,
): Promise<AttemptCount> {
  const counted = rows[0];
  if (counted) return { counted: true, attempts: counted.attempts };
  const blocked = await waitOf();
  return { counted: false, blockedUntil: blocked?.blocked_until ?? now };
}

/** SQL that sets row `t`'s count, last attempt and wait after one more attempt at `now`. */
export function oneMoreAttempt(now: Date) {
  const attempts = nextAttempts(now);
  return sql`attempts = ${attempts}, last_attempt_at = ${now}, blocked_until = ${waitUntil(attempts, now)}`;
}

/** SQL: row `t` is not waiting at `now` (an attempt during the wait is refused and not counted). */
export function notWaiting(now: Date) {
  return sql`(t.blocked_until IS NULL OR t.blocked_until <= ${now})`;
}

/**
 * SQL for the count of row `t` after one more attempt at `now`: 1 once the window since its last
 * attempt is over (or it had none).
 */
function nextAttempts(now: Date) {
  const windowStart = new Date(now.getTime() - LOGIN_ATTEMPT_WINDOW_MS);
  return sql<number>`CASE WHEN t.last_attempt_at IS NULL OR t.last_attempt_at <= ${windowStart}
    THEN 1 ELSE t.attempts + 1 END`;
}

/** SQL for the end of the wait after `attempts` attempts (null while they are free). */
function waitUntil(attempts: ReturnType<typeof sql<number>>, now: Date) {
  return sql`CASE WHEN ${attempts} >= ${FREE_LOGIN_ATTEMPTS}
    THEN ${now}::timestamptz + make_interval(secs => least(
      ${MAX_LOGIN_DELAY_MS / 1000}::float8,
      ${FIRST_LOGIN_DELAY_MS / 1000}::float8 * power(2, ${attempts} - ${FREE_LOGIN_ATTEMPTS})))
    END`;
}

/** A successful sign-in: the account's count starts again. */
export async function clearLoginAttempts(db: Db, email: string): Promise<void> {
  await db.deleteFrom('login_throttle').where('email', '=', email).execute();
}

/** Forgets counts whose window and wait are both over; answers how many. */
export async function deleteStaleLoginAttempts(db: Db, now: Date): Promise<number> {
  const windowStart = new Date(now.getTime() - LOGIN_ATTEMPT_WINDOW_MS);
  const result = await db
    .deleteFrom('login_throttle')
    .where('last_attempt_at', '<=', windowStart)
    .where((eb) => eb.or([eb('blocked_until', 'is', null), eb('blocked_until', '<=', now)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
