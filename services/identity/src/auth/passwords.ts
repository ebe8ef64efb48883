import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// argon2id (the library's default algorithm) with OWASP's recommended minimum: 19 MiB of
// memory, 2 passes, 1 lane. About 70 ms per hash on this machine.
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a password with argon2id; the PHC string carries its own salt and parameters. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/** A hash of a random password with the same parameters, for accounts that have none. */
function dummy(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(32).toString('base64url'));
  return dummyHash;
}

/** Computes the dummy hash ahead of the first login, so that login does not pay for it. */
export function prepareDummyHash(): Promise<void> {
  return dummy().then(() => {});
}

/**
 * Checks a password against a stored hash. With no stored hash (unknown email, or an account
 * without a password) it still runs one verification, so that timing does not tell the cases apart.
 */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (stored === null) {
    await verify(await dummy(), password);
    return false;
  }
  return verify(stored, password);
}
