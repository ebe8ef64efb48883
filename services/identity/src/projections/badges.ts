import { BadgeEarned, type EventEnvelope, UserDeleted } from '@waco/contracts';
import { defineProjection } from '@waco/platform';
import { type Kysely, sql } from 'kysely';
import type { IdentityDatabase } from '../db/schema';

/** `user_badges` from `BadgeEarned` (the row's id is the event's), emptied by the account's deletion. */
export async function projectBadgeEvents(trx: Kysely<IdentityDatabase>, events: EventEnvelope[]) {
  for (const event of events) {
    if (event.type === BadgeEarned.type) {
      const d = BadgeEarned.schema.parse(event.data);
      await sql`INSERT INTO user_badges (id, user_id, badge_type, earned_at)
        VALUES (${event.id}, ${d.userId}, ${d.badgeType}, ${d.earnedAt})
        ON CONFLICT (user_id, badge_type) DO NOTHING`.execute(trx);
    } else if (event.type === UserDeleted.type) {
      await trx
        .deleteFrom('user_badges')
        .where('user_id', '=', UserDeleted.schema.parse(event.data).userId)
        .execute();
    }
  }
}

export const badgesProjection = defineProjection<IdentityDatabase>({
  name: 'badges',
  tables: ['user_badges'],
  apply: projectBadgeEvents,
});
