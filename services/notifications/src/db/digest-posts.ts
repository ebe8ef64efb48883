import { type Kysely, sql } from 'kysely';
import type { DigestPeriod, DigestPost } from '../domain/digest-rules';
import type { NotificationsDatabase } from './schema';

type Db = Kysely<NotificationsDatabase>;

/** A new post, for the digests of its period (its title is post_titles', kept up to date). */
export async function recordDigestPost(
  trx: Db,
  post: { postId: string; ownerId: string; neighborhood: string },
  createdAt: string,
) {
  await sql`
    INSERT INTO digest_posts (post_id, owner_id, neighborhood, created_at)
    VALUES (${post.postId}, ${post.ownerId}, ${post.neighborhood}, ${createdAt})
    ON CONFLICT (post_id) DO NOTHING`.execute(trx);
}

/**
 * A post closed or expired (`open` false), or reopened or renewed (true), at `position` of its
 * stream: an older event handled late changes nothing.
 */
export async function setDigestPostOpen(trx: Db, postId: string, open: boolean, position: number) {
  await sql`
    UPDATE digest_posts SET open = ${open}, open_position = ${position}
    WHERE post_id = ${postId} AND open_position < ${position}`.execute(trx);
}

export async function forgetDigestPost(trx: Db, postId: string) {
  await sql`DELETE FROM digest_posts WHERE post_id = ${postId}`.execute(trx);
}

/** The members whose digest of `periods[frequency]` is not claimed yet. */
export async function membersDue(
  db: Db,
  periods: { daily: string; weekly: string },
  limit: number,
): Promise<Array<{ userId: string; digest: 'daily' | 'weekly'; neighborhood: string | null }>> {
  const { rows } = await sql<{
    user_id: string;
    digest: 'daily' | 'weekly';
    digest_neighborhood: string | null;
  }>`
    SELECT s.user_id::text, s.digest, s.digest_neighborhood FROM notification_settings s
    WHERE s.digest <> 'off' AND NOT EXISTS (
      SELECT 1 FROM notification_mails m WHERE m.user_id = s.user_id AND m.kind = 'digest'
        AND m.period = CASE s.digest WHEN 'daily' THEN ${periods.daily} ELSE ${periods.weekly} END)
    ORDER BY s.user_id LIMIT ${limit}`.execute(db);
  return rows.map((r) => ({ userId: r.user_id, digest: r.digest, neighborhood: r.digest_neighborhood }));
}

/**
 * What a member's digest is chosen from: the period's posts in their neighbourhood or by those
 * they follow, each with what may keep it out (hidden by moderators, closed or expired, its owner
 * suspended: `digestOf` decides); who they follow; who is blocked between them and others.
 */
export async function digestFacts(
  db: Db,
  member: { userId: string; neighborhood: string | null },
  period: DigestPeriod,
) {
  const following = await sql<{ id: string }>`
    SELECT following_id::text AS id FROM follow_alerts WHERE follower_id = ${member.userId} AND following`.execute(
    db,
  );
  const blocked = await sql<{ id: string }>`
    SELECT blocked_id::text AS id FROM moderation_blocks WHERE blocked AND blocker_id = ${member.userId}
    UNION SELECT blocker_id::text FROM moderation_blocks WHERE blocked AND blocked_id = ${member.userId}`.execute(
    db,
  );
  const posts = await sql<{
    post_id: string;
    owner_id: string;
    title: string;
    neighborhood: string;
    created_at: Date;
    open: boolean;
    hidden: boolean;
    owner_suspended: boolean;
  }>`
    SELECT d.post_id::text, d.owner_id::text, t.title, d.neighborhood, d.created_at, d.open,
      EXISTS (SELECT 1 FROM moderation_hidden_posts h WHERE h.post_id = d.post_id AND h.hidden) AS hidden,
      EXISTS (SELECT 1 FROM moderation_suspensions s WHERE s.user_id = d.owner_id AND s.suspended) AS owner_suspended
    FROM digest_posts d JOIN post_titles t ON t.post_id = d.post_id
    WHERE d.created_at >= ${period.from} AND d.created_at < ${period.to}
      AND (d.neighborhood = ${member.neighborhood} OR d.owner_id = ANY(${following.rows.map((r) => r.id)}::uuid[]))
    ORDER BY d.created_at DESC LIMIT 200`.execute(db);
  return {
    posts: posts.rows.map(
      (r): DigestPost => ({
        postId: r.post_id,
        ownerId: r.owner_id,
        title: r.title,
        neighborhood: r.neighborhood,
        createdAt: new Date(r.created_at),
        open: r.open,
        hidden: r.hidden,
        ownerSuspended: r.owner_suspended,
      }),
    ),
    following: new Set(following.rows.map((r) => r.id)),
    blocked: new Set(blocked.rows.map((r) => r.id)),
  };
}
