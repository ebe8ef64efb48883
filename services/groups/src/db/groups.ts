import type { Group, GroupMember, GroupRole, GroupsQuery } from '@waco/contracts';
import { likePattern, NOBODY, PERSON_COLUMNS, personOf } from '@waco/platform';
import { type Kysely, sql } from 'kysely';
import type { z } from 'zod';
import { groupOpenTo, type ViewerRole } from '../domain/visibility';
import { groupNotHidden } from './moderation';
import type { GroupRow, GroupsDatabase } from './schema';

type Db = Kysely<GroupsDatabase>;

/** An open group (a closed one is gone), or undefined. */
export function findGroup(db: Db, groupId: string): Promise<GroupRow | undefined> {
  return db
    .selectFrom('groups')
    .selectAll()
    .where('id', '=', groupId)
    .where('closed', '=', false)
    .executeTakeFirst();
}

/** The member's role in the group, null when they are not a member (or a guest). */
export async function roleIn(db: Db, groupId: string, userId: string | null): Promise<ViewerRole> {
  if (!userId) return null;
  const row = await db
    .selectFrom('group_memberships')
    .select('role')
    .where('group_id', '=', groupId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return (row?.role as GroupRole | undefined) ?? null;
}

async function hasAsked(db: Db, groupId: string, userId: string | null): Promise<boolean> {
  if (!userId) return false;
  const row = await db
    .selectFrom('group_join_requests')
    .select('user_id')
    .where('group_id', '=', groupId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether moderators hid the group from the viewer (its owner still sees it). */
async function hiddenFrom(db: Db, row: GroupRow, viewerId: string | null): Promise<boolean> {
  const { rows } = await sql<{ visible: boolean }>`
    SELECT ${groupNotHidden(sql`${row.id}::uuid`, sql`${row.creator_id}::uuid`, viewerId)} AS visible`.execute(
    db,
  );
  return rows[0]?.visible === false;
}

/** The group as the viewer may see it (a private group's outsider: its name only; hidden: nothing). */
export async function groupFor(db: Db, groupId: string, viewerId: string | null): Promise<Group | undefined> {
  const row = await findGroup(db, groupId);
  if (!row || (await hiddenFrom(db, row, viewerId))) return undefined;
  const role = await roleIn(db, groupId, viewerId);
  return toGroup(row, role, role === null && (await hasAsked(db, groupId, viewerId)));
}

export function toGroup(row: GroupRow, role: ViewerRole, asked: boolean): Group {
  const open = groupOpenTo({ isPublic: row.is_public }, role);
  return {
    id: row.id,
    name: row.name,
    description: open ? row.description : null,
    imageUrl: open ? row.image_url : null,
    neighborhood: open ? row.neighborhood : null,
    isPublic: row.is_public,
    creatorId: open ? row.creator_id : null,
    membersCount: open ? row.members_count : 0,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    membership: {
      status: role ? 'member' : asked ? 'requested' : 'none',
      role,
    },
  };
}

/**
 * Groups to discover, newest or most members first. A private group the viewer is not in shows
 * its name only, so the neighbourhood filter, which would tell its place, passes over it.
 */
export async function listGroups(db: Db, viewerId: string | null, query: z.output<typeof GroupsQuery>) {
  const rows = await db
    .selectFrom('groups as g')
    .leftJoin('group_memberships as m', (join) =>
      join.onRef('m.group_id', '=', 'g.id').on('m.user_id', '=', viewerId ?? NOBODY),
    )
    .leftJoin('group_join_requests as r', (join) =>
      join.onRef('r.group_id', '=', 'g.id').on('r.user_id', '=', viewerId ?? NOBODY),
    )
    .selectAll('g')
    .select(['m.role as viewer_role', 'r.user_id as asked'])
    .where('g.closed', '=', false)
    .where(groupNotHidden(sql.ref('g.id'), sql.ref('g.creator_id'), viewerId))
    .$if(query.neighborhood !== undefined, (q) =>
      q
        .where('g.neighborhood', '=', query.neighborhood ?? '')
        .where((w) => w.or([w('g.is_public', '=', true), w('m.role', 'is not', null)])),
    )
    .$if(Boolean(query.search), (q) => q.where(sql<boolean>`g.name ILIKE ${likePattern(query.search ?? '')}`))
    .$if(query.sort === 'members', (q) => q.orderBy('g.members_count', 'desc'))
    .orderBy('g.created_at', 'desc')
    .orderBy('g.id', 'desc')
    .limit(query.limit)
    .offset(query.offset)
    .execute();
  return rows.map((row) => toGroup(row, (row.viewer_role as GroupRole | null) ?? null, row.asked !== null));
}

/** A group's members, the longest-standing first, with their names. */
export async function membersOf(db: Db, groupId: string): Promise<GroupMember[]> {
  const rows = await db
    .selectFrom('group_memberships as m')
    .leftJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.group_id', 'm.user_id', 'm.role', 'm.joined_at', ...PERSON_COLUMNS])
    .where('m.group_id', '=', groupId)
    .orderBy('m.joined_at')
    .orderBy('m.user_id')
    .limit(1000)
    .execute();
  return rows.map((r) => ({
    groupId: r.group_id,
    userId: r.user_id,
    role: r.role as GroupRole,
    joinedAt: r.joined_at.toISOString(),
    ...personOf(r),
  }));
}

/** Who asked to join, the earliest first. */
export async function joinRequestsOf(db: Db, groupId: string) {
  const rows = await db
    .selectFrom('group_join_requests as r')
    .leftJoin('users as u', 'u.id', 'r.user_id')
    .select(['r.group_id', 'r.user_id', 'r.requested_at', 'u.first_name', 'u.last_name'])
    .where('r.group_id', '=', groupId)
    .orderBy('r.requested_at')
    .limit(1000)
    .execute();
  return rows.map((r) => ({
    groupId: r.group_id,
    userId: r.user_id,
    requestedAt: r.requested_at.toISOString(),
    firstName: r.first_name ?? null,
    lastName: r.last_name ?? null,
  }));
}
