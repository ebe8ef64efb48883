import {
  type EventEnvelope,
  FollowAlertsSet,
  UserDeleted,
  UserFollowed,
  UserUnfollowed,
} from '@waco/contracts';
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
export const FOLLOW_ALERT_TYPES = [
  UserFollowed.type,
  UserUnfollowed.type,
  FollowAlertsSet.type,
  UserDeleted.type,
];

/** Applies one of identity's follow events to the copy. */
export async function recordFollowAlerts(trx: Kysely<NotificationsDatabase>, event: EventEnvelope) {
  if (event.type === UserDeleted.type) {
    const { userId } = UserDeleted.schema.parse(event.data);
    await sql`DELETE FROM follow_alerts WHERE follower_id = ${userId} OR following_id = ${userId}`.execute(
      trx,
    );
    return;
  }
  const data =
    event.type === UserFollowed.type
      ? UserFollowed.schema.parse(event.data)
      : event.type === FollowAlertsSet.type
        ? FollowAlertsSet.schema.parse(event.data)
        : event.type === UserUnfollowed.type
          ? { ...UserUnfollowed.schema.parse(event.data), alerts: false }
          : null;
  if (!data) return;
  const following = event.type !== UserUnfollowed.type;
  await sql`
    INSERT INTO follow_alerts AS f (follower_id, following_id, alerts, following, position)
    VALUES (${data.followerId}, ${data.followingId}, ${data.alerts}, ${following}, ${event.streamPosition})
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
