import { handleCommand, inTransaction, type OutgoingMail } from '@waco/platform';
import type { Kysely } from 'kysely';
import { newSessionToken, sessionIdOf } from '../auth/session-token';
import { insertAccountToken, voidUnusedAccountTokens } from '../db/account-tokens';
import { queueMail } from '../db/mail-outbox';
import type { IdentityDatabase, UserRow } from '../db/schema';
import { type AccountCommand, accountDecider } from '../domain/account';
import { userStream } from '../domain/streams';
import type { IdentityDeps } from './deps';

/** The SHA-256 a link's token is stored under (the same digest as session ids). */
export const linkTokenHash = sessionIdOf;

/**
 * Issues a mailed link in the caller's transaction: a random token stored hashed, the event that
 * records the link (through the command handler), and that event's mail in the outbox, keyed by
 * the event's id. The token exists in clear only in the outbox row until the mail is sent. A
 * reset link replaces the user's earlier unused ones: only the latest mail's link works, so a
 * reset link left in an old mail (a shared or compromised mailbox) is worth nothing.
 */
export async function issueMailedLink(
  deps: IdentityDeps,
  trx: Kysely<IdentityDatabase>,
  user: Pick<UserRow, 'id'>,
  link: {
    purpose: 'verify-email' | 'password-reset';
    lifetimeMs: number;
    command: (expiresAt: Date) => AccountCommand;
    mail: (token: string) => OutgoingMail;
  },
): Promise<void> {
  const token = newSessionToken();
  const expiresAt = new Date(deps.now().getTime() + link.lifetimeMs);
  if (link.purpose === 'password-reset') await voidUnusedAccountTokens(trx, user.id, link.purpose);
  await insertAccountToken(trx, {
    tokenHash: linkTokenHash(token),
    userId: user.id,
    purpose: link.purpose,
    expiresAt,
  });
  const { events } = await handleCommand(
    inTransaction(deps.events, trx),
    userStream(user.id),
    accountDecider,
    link.command(expiresAt),
    { actorId: user.id },
  );
  const [event] = events;
  if (event) await queueMail(trx, event.id, user.id, link.mail(token));
}
