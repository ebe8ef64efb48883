import type { SessionLookup } from '@waco/contracts';
import { handleCommand, inTransaction, transactionRetryingConflicts } from '@waco/platform';
import type { Kysely } from 'kysely';
import { newSessionToken, sessionIdOf } from '../auth/session-token';
import { deleteStaleAccountTokens } from '../db/account-tokens';
import { deleteStaleKnownDevices } from '../db/known-devices';
import { deleteStaleLoginAttempts } from '../db/login-throttle';
import type { IdentityDatabase } from '../db/schema';
import {
  deleteExpiredSessions,
  deleteSession,
  deleteSessionsOf,
  findSession,
  insertSession,
} from '../db/sessions';
import { isExpired, newSessionData, SESSION_SWEEP_INTERVAL_MS, sessionExpiry } from '../domain/session';
import { type SessionRevokedReason, sessionDecider } from '../domain/session-revocation';
import { sessionStream } from '../domain/streams';
import type { IdentityDeps } from './deps';

/** Opens a session for a user (in the caller's transaction, when given one); answers its token. */
export async function startSession(
  db: Kysely<IdentityDatabase>,
  userId: string,
  userAgent: string | undefined,
  now: Date,
): Promise<string> {
  const token = newSessionToken();
  await insertSession(db, {
    sid: sessionIdOf(token),
    sess: newSessionData(userId, now, userAgent),
    expire: sessionExpiry(now),
  });
  return token;
}

/** Who holds a session token, or null when it is unknown or expired (an expired one is deleted). */
export async function resolveSession(deps: IdentityDeps, token: string): Promise<SessionLookup | null> {
  const sid = sessionIdOf(token);
  const session = await findSession(deps.db, sid);
  if (!session) return null;
  if (isExpired(session.expire, deps.now())) {
    await deleteSession(deps.db, sid);
    return null;
  }
  return { userId: session.sess.userId, sessionId: sid };
}

/**
 * Ends a session: deletes it and records `SessionRevoked` in the same transaction, so that every
 * gateway drops it from its cache. An unknown token changes nothing.
 */
export async function endSession(deps: IdentityDeps, token: string): Promise<void> {
  const sid = sessionIdOf(token);
  await transactionRetryingConflicts(deps.db, async (trx) => {
    const removed = await deleteSession(trx, sid);
    if (!removed) return;
    const { userId } = removed.sess;
    await handleCommand(
      inTransaction(deps.events, trx),
      sessionStream(sid),
      sessionDecider,
      { sessionId: sid, userId, reason: 'logout' },
      { actorId: userId },
    );
  });
}

/**
 * Ends every session of a user in the caller's transaction (but `keep`, the caller's own, when
 * given), each with its `SessionRevoked`: every gateway drops them and closes their live streams.
 */
export async function revokeSessionsOf(
  deps: IdentityDeps,
  trx: Kysely<IdentityDatabase>,
  userId: string,
  options: { reason: SessionRevokedReason; keep?: string },
): Promise<number> {
  const removed = await deleteSessionsOf(trx, userId, options.keep);
  for (const sid of removed) {
    await handleCommand(
      inTransaction(deps.events, trx),
      sessionStream(sid),
      sessionDecider,
      { sessionId: sid, userId, reason: options.reason },
      { actorId: userId },
    );
  }
  return removed.length;
}

/** "Sign out everywhere": ends every session of the user, the caller's too. */
export async function endAllSessions(deps: IdentityDeps, userId: string): Promise<void> {
  await transactionRetryingConflicts(deps.db, (trx) =>
    revokeSessionsOf(deps, trx, userId, { reason: 'logout-all' }),
  );
}

/**
 * Deletes expired sessions now and then, sign-in attempt counts whose window is over, and devices
 * not signed in from within their lifetime. Lookups already refuse them; this keeps the tables
 * small. No event: a gateway caches a session for seconds, far less than the sweep's period.
 */
export function startSessionSweep(
  deps: Pick<IdentityDeps, 'db' | 'logger' | 'now'>,
  intervalMs = SESSION_SWEEP_INTERVAL_MS,
) {
  let running: Promise<void> | undefined;
  const sweep = () => {
    if (running) return;
    running = deleteExpiredSessions(deps.db, deps.now())
      .then(async (count) => {
        if (count > 0) deps.logger.info({ count }, 'expired sessions deleted');
        await deleteStaleLoginAttempts(deps.db, deps.now());
        await deleteStaleKnownDevices(deps.db, deps.now());
        await deleteStaleAccountTokens(deps.db, deps.now());
      })
      .catch((err) => deps.logger.warn({ err }, 'expired session sweep failed; will retry'))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(sweep, intervalMs);
  timer.unref();
  return {
    /** Runs one sweep now and resolves when it is done (tests). */
    async sweepNow() {
      sweep();
      await running;
    },
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
