import { type LoginRequest, MESSAGES } from '@waco/contracts';
import { tooManyRequests, unauthorized } from '@waco/platform';
import { deviceTokenHash } from '../auth/device-cookie';
import { verifyPassword } from '../auth/passwords';
import { countDeviceLoginAttempt, findKnownDevice } from '../db/known-devices';
import { clearLoginAttempts, countLoginAttempt } from '../db/login-throttle';
import { findAccountByEmail } from '../db/users';
import { normalizeEmail } from '../domain/email';
import { tooManyLoginAttemptsMessage } from '../domain/login-throttle';
import type { IdentityDeps } from './deps';
import { knowDevice } from './devices';
import type { SignedIn } from './register';
import { startSession } from './sessions';

/**
 * Signs a user in with email and password. An unknown email and a wrong password get the same
 * 401 after the same work (one argon2 verification), so nobody learns which emails exist. Every
 * attempt is counted first: after a few without a success, sign-ins wait (a 429 with
 * Retry-After), known email or not. A device the account signed in from before (its device
 * cookie) is counted on its own, so failures from anywhere else never keep the owner out of it
 * (domain/login-throttle.ts); a success makes the browser such a device.
 */
export async function logIn(
  deps: IdentityDeps,
  request: LoginRequest,
  from: { userAgent: string | undefined; deviceToken: string | undefined },
): Promise<SignedIn> {
  const email = normalizeEmail(request.email);
  const now = deps.now();
  const account = await findAccountByEmail(deps.db, email);
  const device =
    account && from.deviceToken
      ? await findKnownDevice(deps.db, deviceTokenHash(from.deviceToken), account.id, now)
      : undefined;
  const attempt = device
    ? await countDeviceLoginAttempt(deps.db, device, now)
    : await countLoginAttempt(deps.db, email, now);
  if (!attempt.counted) {
    const waitMs = attempt.blockedUntil.getTime() - now.getTime();
    throw tooManyRequests(tooManyLoginAttemptsMessage(waitMs), waitMs / 1000);
  }
  const valid = await verifyPassword(account?.password_hash ?? null, request.password);
  if (!account || !valid) throw unauthorized(MESSAGES.badCredentials);
  // A success from a known device leaves the account's count alone: the failures it holds may be
  // a stranger's, still guessing.
  if (!device) await clearLoginAttempts(deps.db, email);
  const { password_hash: _, ...user } = account;
  const deviceToken = await knowDevice(deps.db, from.deviceToken, user.id, now);
  const token = await startSession(deps.db, user.id, from.userAgent, deps.now());
  return { user, token, deviceToken };
}
