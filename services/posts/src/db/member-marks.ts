import { BadgeEarned, MemberVerificationSet, UserDeleted } from '@waco/contracts';
import { inboxSubscription, type Subscription } from '@waco/platform';
import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

// Posts' copy of the marks shown beside a member's name on cards and in threads: moderation's
// verified mark and identity's badges, fed by their events (as the copies of authors and blocks
// are), so a thread never asks identity. The verified mark keeps its event's position in the
// member's stream: an older event handled late never overwrites a newer one.

export interface MemberMarksTable {
  member_marks: {
    user_id: string;
    is_verified: boolean;
    verified_position: number;
    badges: string[];
  };
}

/** The copy's table (posts' migration 0010). */
export const memberMarksMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      CREATE TABLE IF NOT EXISTS member_marks (
        user_id uuid PRIMARY KEY,
        is_verified boolean NOT NULL DEFAULT false,
        verified_position bigint NOT NULL DEFAULT 0,
        badges text[] NOT NULL DEFAULT '{}'
      )`.execute(db);
  },
};

/** identity's `BadgeEarned` and `UserDeleted`, moderation's `MemberVerificationSet` → `member_marks`. */
export function memberMarksSubscriptions<DB>(db: Kysely<DB>, consumer: string): Subscription[] {
  return [
    inboxSubscription(
      db,
      { consumer, producer: 'identity', types: [BadgeEarned.type, UserDeleted.type] },
      async (event, trx) => {
        if (event.type === UserDeleted.type) {
          const { userId } = UserDeleted.schema.parse(event.data);
          await sql`DELETE FROM member_marks WHERE user_id = ${userId}`.execute(trx);
          return;
        }
        const d = BadgeEarned.schema.parse(event.data);
        await sql`
          INSERT INTO member_marks AS m (user_id, badges) VALUES (${d.userId}, ARRAY[${d.badgeType}]::text[])
          ON CONFLICT (user_id) DO UPDATE SET badges = m.badges || EXCLUDED.badges
          WHERE NOT (${d.badgeType} = ANY(m.badges))`.execute(trx);
      },
    ),
    inboxSubscription(
      db,
      { consumer, producer: 'moderation', types: [MemberVerificationSet.type] },
      async (event, trx) => {
        const d = MemberVerificationSet.schema.parse(event.data);
        await sql`
          INSERT INTO member_marks AS m (user_id, is_verified, verified_position)
          VALUES (${d.userId}, ${d.verified}, ${event.streamPosition})
          ON CONFLICT (user_id) DO UPDATE SET is_verified = EXCLUDED.is_verified, verified_position = EXCLUDED.verified_position
          WHERE m.verified_position < EXCLUDED.verified_position`.execute(trx);
      },
    ),
  ];
}

/** Whether the member `column` names is verified, for a post's or a comment's JSON. */
export const verifiedMark = (column: string) =>
  sql`COALESCE((SELECT m.is_verified FROM member_marks m WHERE m.user_id = ${sql.raw(column)}), false)`;
