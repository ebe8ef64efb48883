import { type LoginRequest, MESSAGES } from '@waco/contracts';
import { tooManyRequests, unauthorized } from '@waco/platform';
import { verifyPassword } from '../auth/passwords';
import { clearLoginAttempts, countLoginAttempt } from '../db/login-throttle';
import { findAccountByEmail } from '../db/users';
import { normalizeEmail } from '../domain/email';
import { tooManyLoginAttemptsMessage } from '../domain/login-throttle';
import type { IdentityDeps } from './deps';
import type { SignedIn } from './register';
import { startSession } from './sessions';

/**
 * Signs a user in with email and password. An unknown email and a wrong password get the same
 * 401 after the same work (one argon2 verification), so nobody learns which emails exist. Every
 * attempt is counted per email first: after a few without a success, the account's sign-ins
 * wait (a 429 with Retry-After), known email or not.
 */
export async function logIn(
  deps: IdentityDeps,
  request: LoginRequest,
  userAgent: string | undefined,
): Promise<SignedIn> {
  const email = normalizeEmail(request.email);
  const now = deps.now();
  const attempt = await countLoginAttempt(deps.db, email, now);
  if (!attempt.counted) {
    const waitMs = attempt.blockedUntil.getTime() - now.getTime();
    throw tooManyRequests(tooManyLoginAttemptsMessage(waitMs), waitMs / 1000);
  }
  const account = await findAccountByEmail(deps.db, email);
  const valid = await verifyPassword(account?.password_hash ?? null, request.password);
  if (!account || !valid) throw unauthorized(MESSAGES.badCredentials);
  await clearLoginAttempts(deps.db, email);
  const { password_hash: _, ...user } = account;
  const token = await startSession(deps.db, user.id, userAgent, deps.now());
  return { user, token };
}
