import type { GroupRole } from '@waco/contracts';
import { type GroupFacts, groupFactsOf, memberOfPostGroup, readCopyWhenCaughtUp } from '@waco/platform';
import { type Kysely, type RawBuilder, sql } from 'kysely';

// Posts' questions to its copy of the groups service's groups and memberships (the platform's
// `groupsCopy`, consumer `posts-groups`): which posts the feed holds, whether a member who just
// joined may post, and who may remove a group's posts. A private group's posts are its members'
// only (the platform's `groupVisibleTo`, in `visibleTo`), so the feed never asks groups.

/**
 * The feed's condition (the home feed, its searches and tag pages): posts of no group, and the
 * posts of the viewer's own groups; other groups' posts are on their group's page.
 */
export function feedGroupsOf(viewerId: string | null | undefined): RawBuilder<unknown> {
  return viewerId ? sql`(p.group_id IS NULL OR ${memberOfPostGroup(viewerId)})` : sql`p.group_id IS NULL`;
}

/**
 * The member's facts about a group, waiting up to `waitMs` for their membership: a member who
 * just joined may post before groups' event reaches this copy (as a photo's upload notice may
 * come after the post that uses it).
 */
export async function awaitGroupMembership<DB>(
  db: Kysely<DB>,
  groupId: string,
  userId: string,
  waitMs: number,
): Promise<GroupFacts> {
  return readCopyWhenCaughtUp(
    () => groupFactsOf(db, groupId, userId),
    (facts) => Boolean(facts.role),
    waitMs,
  );
}

/** The member's role in the group of a post (null: none, or the post is in no group). */
export const groupRoleOnPost = <DB>(db: Kysely<DB>, postId: string, userId: string) =>
  roleIn(db, sql`SELECT group_id FROM posts WHERE id = ${postId}::uuid`, userId);

/** The member's role in the group of the post a comment is on (null: none). */
export const groupRoleOnComment = <DB>(db: Kysely<DB>, commentId: string, userId: string) =>
  roleIn(
    db,
    sql`SELECT p.group_id FROM comments c JOIN posts p ON p.id = c.post_id WHERE c.id = ${commentId}::uuid`,
    userId,
  );

async function roleIn<DB>(
  db: Kysely<DB>,
  group: RawBuilder<unknown>,
  userId: string,
): Promise<GroupRole | null> {
  const { rows } = await sql<{ role: GroupRole | null }>`
    SELECT m.role FROM group_members_copy m WHERE m.group_id = (${group}) AND m.user_id = ${userId}::uuid`.execute(
    db,
  );
  return rows[0]?.role ?? null;
}
