import { DELETE_PASSWORD_WRONG, type DeleteAccountRequest } from '@waco/contracts';
import {
  badRequest,
  handleCommand,
  inTransaction,
  transactionRetryingConflicts,
  unauthorized,
} from '@waco/platform';
import { sql } from 'kysely';
import { verifyPassword } from '../auth/passwords';
import { destroyUserKey } from '../db/user-keys';
import { findAccountById } from '../db/users';
import { deletionDecider } from '../domain/account-deletion';
import { userStream } from '../domain/streams';
import type { IdentityDeps } from './deps';
import { revokeSessionsOf } from './sessions';

/**
 * Deletes the signed-in user's account (issue 17). With the right password, in one transaction:
 * `UserDeleted` (its projection deletes the users row, so the email can register again), every
 * session revoked (each `SessionRevoked` closes its live streams), credentials, links, queued
 * mails, sign-in counts and known devices deleted, and the personal-data key destroyed: the sealed fields of
 * the user's events, in every log and copy, read as erased from then on.
 */
export async function deleteAccount(deps: IdentityDeps, userId: string, request: DeleteAccountRequest) {
  const account = await findAccountById(deps.db, userId);
  if (!account) throw unauthorized();
  if (!(await verifyPassword(account.password_hash, request.password)))
    throw badRequest(DELETE_PASSWORD_WRONG, 'password');
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
    await sql`DELETE FROM login_throttle WHERE email = ${account.email}`.execute(trx);
    await sql`DELETE FROM known_devices WHERE user_id = ${userId}`.execute(trx);
    await sql`DELETE FROM uploaded_media WHERE owner_id = ${userId}`.execute(trx);
    await destroyUserKey(trx, userId);
  });
}
