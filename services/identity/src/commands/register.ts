import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { type Language, MESSAGES, type SignupRequest } from '@waco/contracts';
import { badRequest, conflict, handleCommand, inTransaction } from '@waco/platform';
import type { Kysely } from 'kysely';
import { AnswerFloor } from '../auth/answer-floor';
import { commonPasswords } from '../auth/common-passwords';
import { hashPassword } from '../auth/passwords';
import { insertCredentials } from '../db/credentials';
import type { IdentityDatabase, UserRow } from '../db/schema';
import { EMAIL_UNIQUE_INDEX, findUserByEmail, findUserById } from '../db/users';
import { normalizeEmail } from '../domain/email';
import { passwordProblem } from '../domain/password-policy';
import { userDecider } from '../domain/profile';
import { userStream } from '../domain/streams';
import type { IdentityDeps } from './deps';
import { knowDevice } from './devices';
import { issueVerificationLink } from './email-verification';
import { mustFind } from './must-find';
import { startSession } from './sessions';

export interface SignedIn {
  user: UserRow;
  token: string;
  /** The device cookie's token, where signing in makes the browser a known device. */
  deviceToken?: string;
}

/**
 * Signs a new user up, queues their verification mail and signs them in, all in one transaction.
 * A common password, or one equal to the email, is a 400; a taken email is a 409, after the same
 * password hash as a new account.
 */
export async function signUp(
  deps: IdentityDeps,
  request: SignupRequest,
  from: { userAgent: string | undefined; language: Language; deviceToken?: string },
): Promise<SignedIn> {
  const email = normalizeEmail(request.email);
  const weak = passwordProblem(request.password, email, await commonPasswords());
  if (weak) throw badRequest(weak, 'password');
  // Hash first, taken email or not: the 409 then takes as long as a new account's 201, so its
  // timing adds nothing to what its words say (see "Signup and taken emails" in
  // docs/architecture.md). The unique index still settles races.
  const passwordHash = await hashPassword(request.password);
  // Then the 409 waits out what a new account's writes and commit took lately.
  const started = performance.now();
  if (await findUserByEmail(deps.db, email)) {
    await delay(newAccountWrites.remaining(performance.now() - started));
    throw conflict(MESSAGES.emailTaken);
  }
  const signedIn = await deps.db.transaction().execute(async (trx) => {
    const user = await registerUser(deps, trx, { ...request, email, passwordHash, language: from.language });
    await issueVerificationLink(deps, trx, user);
    const token = await startSession(trx, user.id, from.userAgent, deps.now());
    const deviceToken = await knowDevice(trx, from.deviceToken, user.id, deps.now());
    return { user, token, deviceToken };
  });
  newAccountWrites.record(performance.now() - started);
  deps.mailQueued();
  return signedIn;
}

/** How long a new account's look-up, writes and commit took lately (a taken email waits as long). */
const newAccountWrites = new AnswerFloor();

/**
 * Records `UserRegistered` and projects it into users in the caller's transaction (the command
 * handler runs inside it); stores the password hash when there is one. A taken email is a 409.
 */
export async function registerUser(
  deps: IdentityDeps,
  trx: Kysely<IdentityDatabase>,
  input: {
    email: string;
    firstName: string;
    lastName: string;
    passwordHash: string | null;
    language: Language;
  },
): Promise<UserRow> {
  const userId = randomUUID();
  try {
    await handleCommand(
      inTransaction(deps.events, trx),
      userStream(userId),
      userDecider,
      {
        type: 'register',
        userId,
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        language: input.language,
        // The decision is pure: whether the email is taken is gathered here.
        emailTaken: (await findUserByEmail(trx, input.email)) !== undefined,
        now: deps.now(),
      },
      { actorId: userId },
    );
  } catch (err) {
    if (isUniqueViolation(err, EMAIL_UNIQUE_INDEX)) throw conflict(MESSAGES.emailTaken);
    throw err;
  }
  if (input.passwordHash !== null) await insertCredentials(trx, userId, input.passwordHash);
  return mustFind(await findUserById(trx, userId), userId);
}

export function isUniqueViolation(err: unknown, constraint: string): boolean {
  const e = err as { code?: string; constraint?: string };
  return e.code === '23505' && e.constraint === constraint;
}
