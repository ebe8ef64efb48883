import { handleCommand, inTransaction, transactionRetryingConflicts } from '@waco/platform';
import type { Kysely } from 'kysely';
import { findAccountToken, useAccountToken } from '../db/account-tokens';
import type { IdentityDatabase, UserRow } from '../db/schema';
import { findUserById } from '../db/users';
import { accountDecider, linkUsable, VERIFICATION_LINK_LIFETIME_MS } from '../domain/account';
import { verificationMail } from '../domain/mails';
import { userStream } from '../domain/streams';
import { issueMailedLink, linkTokenHash } from './account-links';
import type { IdentityDeps } from './deps';
import { mustFind } from './must-find';

/** Queues the verification mail of `user` in the caller's transaction (signup, "Resend"). */
export function issueVerificationLink(deps: IdentityDeps, trx: Kysely<IdentityDatabase>, user: UserRow) {
  return issueMailedLink(deps, trx, user, {
    purpose: 'verify-email',
    lifetimeMs: VERIFICATION_LINK_LIFETIME_MS,
    command: (expiresAt) => ({ type: 'request-verification', userId: user.id, expiresAt }),
    mail: (token) =>
      verificationMail(
        user.email,
        user.first_name ?? 'neighbour',
        `${deps.appUrl}/api/verify-email?token=${encodeURIComponent(token)}`,
        user.language,
      ),
  });
}

/** "Resend": a new link (the old ones keep working until they expire). 409 once verified. */
export async function resendVerification(deps: IdentityDeps, userId: string): Promise<void> {
  await transactionRetryingConflicts(deps.db, async (trx) => {
    const user = mustFind(await findUserById(trx, userId), userId);
    await issueVerificationLink(deps, trx, user);
  });
  deps.mailQueued();
}

/**
 * Verifies the email of the link's user; answers whether the link was good. Each link works once
 * (a second click, or an expired link, answers false and changes nothing).
 */
export async function verifyEmail(deps: IdentityDeps, token: string): Promise<boolean> {
  const tokenHash = linkTokenHash(token);
  const link = await findAccountToken(deps.db, tokenHash, 'verify-email');
  if (!link || !linkUsable(link, deps.now())) return false;
  return transactionRetryingConflicts(deps.db, async (trx) => {
    if (!(await useAccountToken(trx, tokenHash, deps.now()))) return false;
    await handleCommand(
      inTransaction(deps.events, trx),
      userStream(link.user_id),
      accountDecider,
      { type: 'verify-email', userId: link.user_id, now: deps.now() },
      { actorId: link.user_id },
    );
    return true;
  });
}
