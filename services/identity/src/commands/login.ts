import { type LoginRequest, MESSAGES } from '@waco/contracts';
import { unauthorized } from '@waco/platform';
import { verifyPassword } from '../auth/passwords';
import { findAccountByEmail } from '../db/users';
import { normalizeEmail } from '../domain/email';
import type { IdentityDeps } from './deps';
import type { SignedIn } from './register';
import { startSession } from './sessions';

/**
 * Signs a user in with email and password. An unknown email and a wrong password get the same
 * 401 after the same work (one argon2 verification), so nobody learns which emails exist.
 */
export async function logIn(
  deps: IdentityDeps,
  request: LoginRequest,
  userAgent: string | undefined,
): Promise<SignedIn> {
  const account = await findAccountByEmail(deps.db, normalizeEmail(request.email));
  const valid = await verifyPassword(account?.password_hash ?? null, request.password);
  if (!account || !valid) throw unauthorized(MESSAGES.badCredentials);
  const { password_hash: _, ...user } = account;
  const token = await startSession(deps.db, user.id, userAgent, deps.now());
  return { user, token };
}
