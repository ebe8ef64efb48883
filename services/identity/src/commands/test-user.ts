import { HttpError } from '@waco/platform';
import { findUserByEmail } from '../db/users';
import type { IdentityDeps } from './deps';
import { registerUser, type SignedIn } from './register';
import { startSession } from './sessions';

/**
 * The fixed user that `POST /api/dev/login-test-user` signs in (only with NODE_ENV=development).
 * Its address is reserved (signup refuses `.invalid`), so it can never be a person's account.
 */
export const TEST_USER = { email: 'dev@waco-commons.invalid', firstName: 'Test', lastName: 'User' } as const;

/** Signs the test user in, creating it (without a password, so nobody can log in as it) on first use. */
export async function signInTestUser(deps: IdentityDeps, userAgent: string | undefined): Promise<SignedIn> {
  const attempt = () =>
    deps.db.transaction().execute(async (trx) => {
      const user =
        (await findUserByEmail(trx, TEST_USER.email)) ??
        (await registerUser(deps, trx, { ...TEST_USER, passwordHash: null, language: 'en' }));
      const token = await startSession(trx, user.id, userAgent, deps.now());
      return { user, token };
    });
  try {
    return await attempt();
  } catch (err) {
    // Two first calls at once: the loser finds the winner's user on a second try.
    if (err instanceof HttpError && err.statusCode === 409) return attempt();
    throw err;
  }
}
