import { type Kysely, sql } from 'kysely';
import { KNOWN_DEVICE_LIFETIME_MS } from '../domain/login-throttle';
import { type AttemptCount, attemptCount, notWaiting, oneMoreAttempt } from './login-throttle';
import type { IdentityDatabase } from './schema';

type Db = Kysely<IdentityDatabase>;

/** A device the account signed in from: the hash of its cookie's token, and the account. */
export interface KnownDevice {
  tokenHash: string;
  userId: string;
}

/** The device, when `userId` signed in from it within the device lifetime; else undefined. */
export async function findKnownDevice(
  db: Db,
  tokenHash: string,
  userId: string,
  now: Date,
): Promise<KnownDevice | undefined> {
  const row = await db
    .selectFrom('known_devices')
    .select(['token_hash', 'user_id'])
    .where('token_hash', '=', tokenHash)
    .where('user_id', '=', userId)
    .where('signed_in_at', '>', new Date(now.getTime() - KNOWN_DEVICE_LIFETIME_MS))
    .executeTakeFirst();
  return row && { tokenHash: row.token_hash, userId: row.user_id };
}

/** Whether any account signed in from the device whose token hashes to `tokenHash`. */
export async function isKnownToken(db: Db, tokenHash: string): Promise<boolean> {
  const row = await db
    .selectFrom('known_devices')
    .select('user_id')
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Counts a sign-in attempt from a known device, as `countLoginAttempt` counts an account's (the
 * same free attempts, waits and window), on the device's own row.
 */
export async function countDeviceLoginAttempt(db: Db, device: KnownDevice, now: Date): Promise<AttemptCount> {
  const { rows } = await sql<{ attempts: number }>`
    UPDATE known_devices AS t SET ${oneMoreAttempt(now)}
    WHERE t.token_hash = ${device.tokenHash} AND t.user_id = ${device.userId} AND ${notWaiting(now)}
    RETURNING attempts`.execute(db);
  return attemptCount(rows, now, () =>
    db
      .selectFrom('known_devices')
      .select('blocked_until')
      .where('token_hash', '=', device.tokenHash)
      .where('user_id', '=', device.userId)
      .executeTakeFirst(),
  );
}

/** A sign-in from the device: it is known (again) from `now`, and its count starts afresh. */
export async function rememberDevice(db: Db, device: KnownDevice, now: Date): Promise<void> {
  await db
    .insertInto('known_devices')
    .values({ token_hash: device.tokenHash, user_id: device.userId, signed_in_at: now })
    .onConflict((oc) =>
      oc.columns(['token_hash', 'user_id']).doUpdateSet({
        signed_in_at: now,
        attempts: 0,
        last_attempt_at: null,
        blocked_until: null,
      }),
    )
    .execute();
}

/** Forgets every device `userId` signed in from (a new password, a deleted account). */
export async function forgetDevicesOf(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('known_devices').where('user_id', '=', userId).execute();
}

/** Forgets devices not signed in from within the device lifetime; answers how many. */
export async function deleteStaleKnownDevices(db: Db, now: Date): Promise<number> {
  const result = await db
    .deleteFrom('known_devices')
    .where('signed_in_at', '<=', new Date(now.getTime() - KNOWN_DEVICE_LIFETIME_MS))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
