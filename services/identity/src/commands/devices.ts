import type { Kysely } from 'kysely';
import { deviceTokenHash, newDeviceToken } from '../auth/device-cookie';
import { isKnownToken, rememberDevice } from '../db/known-devices';
import type { IdentityDatabase } from '../db/schema';

/**
 * Marks the browser as a device `userId` signed in from; answers the token its device cookie
 * carries from now on. The browser's token is kept when some account knows it already (one
 * cookie serves every account signed in from the browser); any other is replaced by a new one,
 * so a token nobody was given never becomes known.
 */
export async function knowDevice(
  db: Kysely<IdentityDatabase>,
  presented: string | undefined,
  userId: string,
  now: Date,
): Promise<string> {
  const keep = presented !== undefined && (await isKnownToken(db, deviceTokenHash(presented)));
  const token = keep ? presented : newDeviceToken();
  await rememberDevice(db, { tokenHash: deviceTokenHash(token), userId }, now);
  return token;
}
