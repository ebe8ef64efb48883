import type { Kysely } from 'kysely';
import type { NotificationsDatabase } from './schema';

/** A device to push to. */
export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/**
 * Keeps a device's subscription for `userId`. A device is its endpoint: subscribing again
 * (new keys, or another member signed in on that browser) replaces what it had.
 */
export async function saveSubscription(
  db: Kysely<NotificationsDatabase>,
  userId: string,
  target: PushTarget,
) {
  const row = {
    endpoint: target.endpoint,
    user_id: userId,
    p256dh: target.keys.p256dh,
    auth: target.keys.auth,
  };
  await db
    .insertInto('push_subscriptions')
    .values(row)
    .onConflict((c) =>
      c.column('endpoint').doUpdateSet({ user_id: row.user_id, p256dh: row.p256dh, auth: row.auth }),
    )
    .execute();
}

/** Removes one of the member's devices, or all of them without an endpoint; answers how many. */
export async function removeSubscriptions(
  db: Kysely<NotificationsDatabase>,
  userId: string,
  endpoint?: string,
): Promise<number> {
  let query = db.deleteFrom('push_subscriptions').where('user_id', '=', userId);
  if (endpoint !== undefined) query = query.where('endpoint', '=', endpoint);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** A device the push service says is gone (404/410): it will never take a push again. */
export async function dropSubscription(db: Kysely<NotificationsDatabase>, endpoint: string) {
  await db.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).execute();
}

/** The member's devices. */
export async function subscriptionsOf(
  db: Kysely<NotificationsDatabase>,
  userId: string,
): Promise<PushTarget[]> {
  const rows = await db
    .selectFrom('push_subscriptions')
    .select(['endpoint', 'p256dh', 'auth'])
    .where('user_id', '=', userId)
    .execute();
  return rows.map((r) => ({ endpoint: r.endpoint, keys: { p256dh: r.p256dh, auth: r.auth } }));
}
