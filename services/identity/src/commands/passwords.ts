import {
  ACCOUNT_MESSAGES,
  type ChangePasswordRequest,
  type PasswordResetConfirmRequest,
} from '@waco/contracts';
import { badRequest, handleCommand, inTransaction, transactionRetryingConflicts } from '@waco/platform';
import type { Kysely } from 'kysely';
import { commonPasswords } from '../auth/common-passwords';
import { hashPassword } from '../auth/passwords';
import { sessionIdOf } from '../auth/session-token';
import { findAccountToken, useAccountToken } from '../db/account-tokens';
import { updateCredentials } from '../db/credentials';
import { forgetDevicesOf } from '../db/known-devices';
import type { IdentityDatabase } from '../db/schema';
import { findAccountById, findUserByEmail } from '../db/users';
import { accountDecider, linkUsable, RESET_LINK_LIFETIME_MS } from '../domain/account';
import { normalizeEmail } from '../domain/email';
import { passwordResetMail } from '../domain/mails';
import { passwordProblem } from '../domain/password-policy';
import { userStream } from '../domain/streams';
import { issueMailedLink, linkTokenHash } from './account-links';
import type { IdentityDeps } from './deps';
import { accountConfirmedByPassword } from './password-confirmation';
import type { SignedIn } from './register';
import { revokeSessionsOf, startSession } from './sessions';

/**
 * A reset request: the answer is the same, after the same work, whether the email is known or
 * not. Both branches draw a token and hash it; the lookup and the write happen after the answer
 * (tracked, so a stopping service waits for them), so the answer's timing cannot tell them apart.
 */
export function requestPasswordReset(deps: IdentityDeps, emailInput: string): void {
  const email = normalizeEmail(emailInput);
  deps.inBackground(async () => {
    const user = await findUserByEmail(deps.db, email);
    if (!user) return;
    await transactionRetryingConflicts(deps.db, (trx) =>
      issueMailedLink(deps, trx, user, {
        purpose: 'password-reset',
        lifetimeMs: RESET_LINK_LIFETIME_MS,
        command: (expiresAt) => ({ type: 'request-password-reset', userId: user.id, expiresAt }),
        mail: (token) =>
          passwordResetMail(
            user.email,
            user.first_name ?? 'neighbour',
            `${deps.appUrl}/reset-password?token=${encodeURIComponent(token)}`,
            // The account's language, whoever asked: the mail is for its owner.
            user.language,
          ),
      }),
    );
    deps.mailQueued();
  });
}

/**
 * Sets a new password with a reset link (signup's rules), uses the link up, signs out every
 * session of the user and signs this browser in. A used, expired or unknown link is a 400.
 */
export async function confirmPasswordReset(
  deps: IdentityDeps,
  request: PasswordResetConfirmRequest,
  userAgent: string | undefined,
): Promise<SignedIn> {
  const tokenHash = linkTokenHash(request.token);
  const link = await findAccountToken(deps.db, tokenHash, 'password-reset');
  if (!link || !linkUsable(link, deps.now())) throw badRequest(ACCOUNT_MESSAGES.resetLinkInvalid, 'token');
  const account = await findAccountById(deps.db, link.user_id);
  if (!account) throw badRequest(ACCOUNT_MESSAGES.resetLinkInvalid, 'token');
  const weak = passwordProblem(request.password, account.email, await commonPasswords());
  if (weak) throw badRequest(weak, 'password');
  const passwordHash = await hashPassword(request.password);
  const signedIn = await transactionRetryingConflicts(deps.db, async (trx) => {
    if (!(await useAccountToken(trx, tokenHash, deps.now())))
      throw badRequest(ACCOUNT_MESSAGES.resetLinkInvalid, 'token');
    await setPassword(deps, trx, account.id, passwordHash, 'reset');
    await revokeSessionsOf(deps, trx, account.id, { reason: 'password-changed' });
    const token = await startSession(trx, account.id, userAgent, deps.now());
    return { token };
  });
  const { password_hash: _, ...user } = account;
  return { user, token: signedIn.token };
}

/**
 * Changes the signed-in user's password: the current one must be right, the new one follows
 * signup's rules; every other session of the user is signed out.
 */
export async function changePassword(
  deps: IdentityDeps,
  userId: string,
  sessionToken: string | undefined,
  request: ChangePasswordRequest,
): Promise<void> {
  const account = await accountConfirmedByPassword(deps, userId, request.currentPassword, {
    message: ACCOUNT_MESSAGES.currentPasswordWrong,
    field: 'currentPassword',
  });
  const weak = passwordProblem(request.newPassword, account.email, await commonPasswords());
  if (weak) throw badRequest(weak, 'newPassword');
  const passwordHash = await hashPassword(request.newPassword);
  await transactionRetryingConflicts(deps.db, async (trx) => {
    await setPassword(deps, trx, userId, passwordHash, 'change');
    await revokeSessionsOf(deps, trx, userId, {
      reason: 'password-changed',
      keep: sessionToken ? sessionIdOf(sessionToken) : undefined,
    });
  });
}

async function setPassword(
  deps: IdentityDeps,
  trx: Kysely<IdentityDatabase>,
  userId: string,
  passwordHash: string,
  via: 'reset' | 'change',
) {
  await handleCommand(
    inTransaction(deps.events, trx),
    userStream(userId),
    accountDecider,
    { type: 'change-password', userId, via, now: deps.now() },
    { actorId: userId },
  );
  await updateCredentials(trx, userId, passwordHash);
  // The devices that signed in with the old password may be a thief's: with the new one, they
  // are counted with strangers until they sign in again.
  await forgetDevicesOf(trx, userId);
}
