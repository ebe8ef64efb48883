import { DELETE_PASSWORD_WRONG, type DeleteAccountRequest } from '@waco/contracts';
import { handleCommand, inTransaction, transactionRetryingConflicts } from '@waco/platform';
import { sql } from 'kysely';
import { destroyUserKey } from '../db/user-keys';
import { deletionDecider } from '../domain/account-deletion';
import { userStream } from '../domain/streams';
import type { IdentityDeps } from './deps';
import { accountConfirmedByPassword } from './password-confirmation';
import { revokeSessionsOf } from './sessions';

/**
 * Deletes the signed-in user's account, with the right password: see `eraseAccount`.
 */
export async function deleteAccount(deps: IdentityDeps, userId: string, request: DeleteAccountRequest) {
  const account = await accountConfirmedByPassword(deps, userId, request.password, {
    message: DELETE_PASSWORD_WRONG,
    field: 'password',
  });
  await eraseAccount(deps, userId, account.email);
}

/**
 * In one transaction: `UserDeleted` (its projection deletes the users row, so the email can
 * register again), every session revoked (each `SessionRevoked` closes its live streams),
 * credentials, links, queued mails, sign-in counts and known devices deleted, the personal-data key destroyed
 * (the sealed fields of the user's events, in every log and copy, read as erased from then on),
 * and the account's id kept in `deleted_accounts` (no personal data; backed up with the keys).
 * Then the mail catcher's copies of the mails to them (embedded mode), after the commit: a
 * deletion that failed leaves them their links.
 */
async function eraseAccount(deps: IdentityDeps, userId: string, email: string) {
  await transactionRetryingConflicts(deps.db, async (trx) => {
    await handleCommand(
      inTransaction(deps.events, trx),
      userStream(userId),
      deletionDecider,
      { type: 'delete-account', userId, now: deps.now() },
      { actorId: userId },
    );
    await revokeSessionsOf(deps, trx, userId, { reason: 'account-deleted' });
    await sql`DELETE FROM credentials WHERE user_id = ${userId}`.execute(trx);
    await sql`DELETE FROM account_tokens WHERE user_id = ${userId}`.execute(trx);
    await sql`DELETE FROM mail_outbox WHERE user_id = ${userId}`.execute(trx);
    await sql`DELETE FROM login_throttle WHERE email = ${email}`.execute(trx);
    await sql`DELETE FROM known_devices WHERE user_id = ${userId}`.execute(trx);
    await sql`DELETE FROM uploaded_media WHERE owner_id = ${userId}`.execute(trx);
    await destroyUserKey(trx, userId);
    await sql`INSERT INTO deleted_accounts (user_id, deleted_at) VALUES (${userId}, ${deps.now()})
              ON CONFLICT (user_id) DO NOTHING`.execute(trx);
  });
  await deps.eraseMail?.(email);
}

/**
 * Deletes again every account that `deleted_accounts` lists but that is still there: a main
 * backup taken before a deletion, restored with a newer key backup (which carries the list;
 * scripts/backup-keys.sh). Each gets its `UserDeleted`, so every service erases its copy as it
 * did the first time. Runs at identity's start; an account deleted here was deleted before.
 */
export async function completeDeletions(deps: IdentityDeps): Promise<number> {
  const { rows } = await sql<{ id: string; email: string }>`
    SELECT u.id, u.email FROM users u JOIN deleted_accounts d ON d.user_id = u.id`.execute(deps.db);
  let done = 0;
  for (const { id, email } of rows) {
    // Another instance starting at the same time may delete it first: that one's is enough.
    await eraseAccount(deps, id, email).then(
      () => done++,
      (err) => deps.logger.warn({ err, userId: id }, 'could not delete again a restored deleted account'),
    );
  }
  if (rows.length > 0)
    deps.logger.warn(
      { accounts: done },
      'accounts deleted after the restored backup was taken were deleted again',
    );
  return done;
}
