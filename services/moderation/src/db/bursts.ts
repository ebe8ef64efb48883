import type { LimitBurst } from '@waco/contracts';
import { type Kysely, sql } from 'kysely';
import type { ModerationDatabase } from './schema';

/** How far back moderators see bursts. */
const BURSTS_SHOWN_MS = 7 * 86_400_000;
const BURSTS_SHOWN_MAX = 200;

/** The bursts of the last week, newest first, with the member's name and whether suspended. */
export async function recentBursts(db: Kysely<ModerationDatabase>, now: Date): Promise<LimitBurst[]> {
  const since = new Date(now.getTime() - BURSTS_SHOWN_MS);
  const { rows } = await sql<{
    id: string;
    user_id: string;
    action: LimitBurst['action'];
    per: LimitBurst['per'];
    max: number;
    new_account: boolean;
    reached_at: Date;
    first_name: string | null;
    last_name: string | null;
    profile_image_url: string | null;
    suspended: boolean;
  }>`
    SELECT b.*, u.first_name, u.last_name, u.profile_image_url,
           EXISTS (SELECT 1 FROM suspensions s WHERE s.user_id = b.user_id) AS suspended
    FROM limit_bursts b LEFT JOIN users u ON u.id = b.user_id
    WHERE b.reached_at > ${since}
    ORDER BY b.reached_at DESC, b.id DESC LIMIT ${BURSTS_SHOWN_MAX}`.execute(db);
  return rows.map((r) => ({
    id: r.id,
    member: {
      id: r.user_id,
      firstName: r.first_name,
      lastName: r.last_name,
      profileImageUrl: r.profile_image_url,
    },
    action: r.action,
    per: r.per,
    max: r.max,
    newAccount: r.new_account,
    reachedAt: r.reached_at.toISOString(),
    memberSuspended: r.suspended,
  }));
}
