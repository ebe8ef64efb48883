import type { AuditEntry, BlockedUser, ModerationStanding, RoleHolders } from '@waco/contracts';
import { type Kysely, type Selectable, sql } from 'kysely';
import { isAdmin, isModerator, suspensionOf } from './facts';
import type { AuditTable, ModerationDatabase } from './schema';

type Db = Kysely<ModerationDatabase>;

/** The members one has blocked, newest first, with their names. */
export async function blocksOf(db: Db, blockerId: string): Promise<BlockedUser[]> {
  const rows = await db
    .selectFrom('blocks as b')
    .leftJoin('users as u', 'u.id', 'b.blocked_id')
    .select(['b.blocked_id', 'b.created_at', 'u.first_name', 'u.last_name', 'u.profile_image_url'])
    .where('b.blocker_id', '=', blockerId)
    .orderBy('b.created_at', 'desc')
    .execute();
  return rows.map((r) => ({
    user: {
      id: r.blocked_id,
      firstName: r.first_name,
      lastName: r.last_name,
      profileImageUrl: r.profile_image_url,
    },
    blockedAt: r.created_at.toISOString(),
  }));
}

/** The audit list, newest first, with the moderators' names. */
export async function auditList(db: Db, limit: number): Promise<AuditEntry[]> {
  const { rows } = await sql<
    Selectable<AuditTable> & { first_name: string | null; last_name: string | null }
  >`
    SELECT a.*, u.first_name, u.last_name FROM audit a LEFT JOIN users u ON u.id = a.moderator_id
    ORDER BY a.at DESC, a.id DESC LIMIT ${limit}`.execute(db);
  return rows.map((r) => ({
    id: r.id,
    action: r.action,
    moderatorId: r.moderator_id,
    moderatorName: [r.first_name, r.last_name].filter(Boolean).join(' ') || null,
    targetType: r.target_type,
    targetId: r.target_id,
    note: r.note,
    at: r.at.toISOString(),
  }));
}

/** The signed-in member's own standing. */
export async function standingOf(db: Db, userId: string): Promise<ModerationStanding> {
  const suspension = await suspensionOf(db, userId);
  return {
    isModerator: await isModerator(db, userId),
    isAdmin: await isAdmin(db, userId),
    suspension: suspension && { note: suspension.note, since: suspension.since.toISOString() },
  };
}

/** Who holds the admin role, the moderator role and the verified mark, each by name. */
export async function roleHolders(db: Db): Promise<RoleHolders> {
  const holders = async (table: 'admins' | 'moderators' | 'verified_members') => {
    const { rows } = await sql<{
      user_id: string;
      first_name: string | null;
      last_name: string | null;
      profile_image_url: string | null;
    }>`SELECT r.user_id, u.first_name, u.last_name, u.profile_image_url
       FROM ${sql.table(table)} r LEFT JOIN users u ON u.id = r.user_id
       ORDER BY u.first_name, u.last_name, r.user_id`.execute(db);
    return rows.map((r) => ({
      id: r.user_id,
      firstName: r.first_name,
      lastName: r.last_name,
      profileImageUrl: r.profile_image_url,
    }));
  };
  return {
    admins: await holders('admins'),
    moderators: await holders('moderators'),
    verified: await holders('verified_members'),
  };
}
