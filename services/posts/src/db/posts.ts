import { type Kysely, sql } from 'kysely';
import type { PostRef } from '../domain/post-ref';
import { visibleTo } from './moderation';
import { POST_JSON, type PostJson } from './post-view';
import type { PostsDatabase } from './schema';

/**
 * One post as the API shows it (JSON text), or undefined; also undefined for a viewer who may
 * not see it (hidden by moderators and not theirs, or by someone they blocked).
 */
export async function findPost(
  db: Kysely<PostsDatabase>,
  id: string,
  viewerId?: string | null,
): Promise<PostJson | undefined> {
  const { rows } = await sql<{ post: PostJson }>`
    SELECT ${POST_JSON} AS post FROM posts p LEFT JOIN authors a ON a.id = p.user_id
    WHERE p.id = ${id} AND ${sql.join(visibleTo(viewerId), sql` AND `)}`.execute(db);
  return rows[0]?.post;
}

/**
 * What reaction events carry about a post, and its lifecycle state (not carried), or undefined
 * when there is no such post.
 */
export async function findPostRef(
  db: Kysely<PostsDatabase>,
  id: string,
): Promise<(PostRef & { state: 'active' | 'closed' | 'expired' }) | undefined> {
  return db
    .selectFrom('posts')
    .select(['id as postId', 'user_id as ownerId', 'category', 'state'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Whether posts knows this user: as an author (from identity's events) or by a post. */
export async function authorExists(db: Kysely<PostsDatabase>, userId: string): Promise<boolean> {
  const { rows } = await sql`
    SELECT 1 FROM authors WHERE id = ${userId}
    UNION ALL SELECT 1 FROM posts WHERE user_id = ${userId} LIMIT 1`.execute(db);
  return rows.length > 0;
}

/**
 * What an event's calendar file needs, or undefined when there is no such post or the viewer may
 * not see it (as its page: a private group's event is its members').
 */
export async function findPostForCalendar(db: Kysely<PostsDatabase>, id: string, viewerId?: string | null) {
  const { rows } = await sql<{
    id: string;
    title: string;
    description: string;
    address: string | null;
    event_date: Date | null;
    updated_at: Date;
    category: string;
    closed_reason: string | null;
  }>`
    SELECT p.id, p.title, p.description, p.address, p.event_date, p.updated_at, p.category, p.closed_reason
    FROM posts p WHERE p.id = ${id} AND ${sql.join(visibleTo(viewerId), sql` AND `)}`.execute(db);
  const row = rows[0];
  if (!row) return undefined;
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    address: row.address,
    eventDate: row.category === 'event' && row.event_date ? new Date(row.event_date).toISOString() : null,
    updatedAt: new Date(row.updated_at).toISOString(),
    cancelled: row.closed_reason === 'cancelled',
  };
}
