import { type EventEnvelope, followChangeEvents, parseEvent } from '@waco/contracts';
import { sqlMigration } from '@waco/platform';
import { type Kysely, sql } from 'kysely';
import type { NotificationsDatabase } from './schema';

// Whose follows ask for an alert when the member followed posts (identity's per-follow switch),
// kept from identity's follow events. Each row keeps the position of the event that wrote it in
// its pair's stream, so an older event handled late never overwrites a newer one.

/** notifications' migration 0010_follow_alerts. */
export const followAlertsMigration = sqlMigration(
  `
      CREATE TABLE follow_alerts (
        follower_id uuid NOT NULL,
        following_id uuid NOT NULL,
        alerts boolean NOT NULL,
        position bigint NOT NULL,
        PRIMARY KEY (follower_id, following_id)
      )`,
  `CREATE INDEX follow_alerts_following_idx ON follow_alerts (following_id) WHERE alerts`,
);

/** The follow events the copy is made of (and a deletion, which ends an account's follows). */
export const FOLLOW_ALERT_TYPES = followChangeEvents.map((definition) => definition.type);

/** Applies one of identity's follow events to the copy. */
export async function recordFollowAlerts(trx: Kysely<NotificationsDatabase>, event: EventEnvelope) {
  const change = parseEvent(followChangeEvents, event);
  if (!change) return;
  if (change.type === 'UserDeleted') {
    const { userId } = change.data;
    await sql`DELETE FROM follow_alerts WHERE follower_id = ${userId} OR following_id = ${userId}`.execute(
      trx,
    );
    return;
  }
  // An unfollow keeps the row (its position guards against older events), following nothing.
  const following = change.type !== 'UserUnfollowed';
  const alerts = change.type === 'UserUnfollowed' ? false : change.data.alerts;
  const { followerId, followingId } = change.data;
  await sql`
    INSERT INTO follow_alerts AS f (follower_id, following_id, alerts, following, position)
    VALUES (${followerId}, ${followingId}, ${alerts}, ${following}, ${event.streamPosition})
    ON CONFLICT (follower_id, following_id) DO UPDATE
      SET alerts = EXCLUDED.alerts, following = EXCLUDED.following, position = EXCLUDED.position
      WHERE f.position < EXCLUDED.position`.execute(trx);
}

/** The members who asked for an alert when `userId` posts. */
export async function alertedFollowersOf(
  trx: Kysely<NotificationsDatabase>,
  userId: string,
): Promise<string[]> {
  const { rows } = await sql<{ follower_id: string }>`
    SELECT follower_id FROM follow_alerts WHERE following_id = ${userId} AND alerts`.execute(trx);
  return rows.map((r) => r.follower_id);
}
