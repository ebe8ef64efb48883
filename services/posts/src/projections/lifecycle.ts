import {
  AttendanceWithdrawn,
  CLOSED_VISIBLE_DAYS,
  DAY_MS,
  type EventEnvelope,
  PostClosed,
  PostDeleted,
  PostEdited,
  PostExpired,
  PostExpiringSoon,
  PostRenewed,
  PostReopened,
  SavedSearchCreated,
  SavedSearchDeleted,
} from '@waco/contracts';
import { type Kysely, sql } from 'kysely';
import type { PostsDatabase, PostsTable } from '../db/schema';
import { extractHashtags } from '../domain/hashtags';

type Updates = Partial<Record<keyof PostsTable, unknown>>;

const COLUMNS = {
  title: 'title',
  description: 'description',
  price: 'price',
  company: 'company',
  salary: 'salary',
  eventDate: 'event_date',
  address: 'address',
  imagePaths: 'image_paths',
  contactPhone: 'contact_phone',
  contactEmail: 'contact_email',
} as const;

async function update(trx: Kysely<PostsDatabase>, postId: string, set: Updates) {
  await trx
    .updateTable('posts')
    .set(set as never)
    .where('id', '=', postId)
    .execute();
}

async function projectEdit(trx: Kysely<PostsDatabase>, event: EventEnvelope) {
  const { postId, changes, expiresAt } = PostEdited.schema.parse(event.data);
  const set: Updates = { edited_at: event.occurredAt, updated_at: event.occurredAt };
  for (const [field, value] of Object.entries(changes)) set[COLUMNS[field as keyof typeof COLUMNS]] = value;
  if (changes.title !== undefined || changes.description !== undefined) {
    const row = await trx
      .selectFrom('posts')
      .select(['title', 'description'])
      .where('id', '=', postId)
      .executeTakeFirst();
    if (!row) return;
    set.hashtags = extractHashtags(
      `${changes.title ?? row.title}\n${changes.description ?? row.description}`,
    );
  }
  if (expiresAt) {
    set.expires_at = expiresAt;
    // An active post shows until its (new) expiry; a closed or expired one keeps its own end.
    set.visible_until = sql`CASE WHEN state = 'active' THEN ${expiresAt}::timestamptz ELSE visible_until END`;
  }
  await update(trx, postId, set);
}

/** A deleted post goes with everything that pointed at it: likes, saves, answers. */
async function projectDelete(trx: Kysely<PostsDatabase>, postId: string) {
  await trx.deleteFrom('posts').where('id', '=', postId).execute();
  await trx.deleteFrom('post_likes').where('post_id', '=', postId).execute();
  await trx.deleteFrom('saved_posts').where('post_id', '=', postId).execute();
  await trx.deleteFrom('event_attendance').where('post_id', '=', postId).execute();
}

const plus = (at: string, days: number) => new Date(new Date(at).getTime() + days * DAY_MS).toISOString();

/** The lifecycle's events → the posts row, attendance and saved searches. */
export async function projectLifecycle(trx: Kysely<PostsDatabase>, event: EventEnvelope): Promise<boolean> {
  const at = event.occurredAt;
  switch (event.type) {
    case PostEdited.type:
      await projectEdit(trx, event);
      return true;
    case PostClosed.type: {
      const { postId, reason } = PostClosed.schema.parse(event.data);
      await update(trx, postId, {
        state: 'closed',
        closed_reason: reason,
        closed_at: at,
        visible_until: plus(at, CLOSED_VISIBLE_DAYS),
        updated_at: at,
      });
      return true;
    }
    case PostReopened.type: {
      const { postId } = PostReopened.schema.parse(event.data);
      await update(trx, postId, {
        state: 'active',
        closed_reason: null,
        closed_at: null,
        visible_until: sql`expires_at`,
        updated_at: at,
      });
      return true;
    }
    case PostRenewed.type: {
      const { postId, expiresAt } = PostRenewed.schema.parse(event.data);
      await update(trx, postId, {
        state: 'active',
        expires_at: expiresAt,
        visible_until: expiresAt,
        updated_at: at,
      });
      return true;
    }
    case PostExpired.type: {
      const { postId } = PostExpired.schema.parse(event.data);
      await update(trx, postId, {
        state: 'expired',
        visible_until: sql`least(visible_until, ${at}::timestamptz)`,
      });
      return true;
    }
    case PostExpiringSoon.type: {
      const { postId, expiresAt } = PostExpiringSoon.schema.parse(event.data);
      await update(trx, postId, { reminded_for: expiresAt });
      return true;
    }
    case PostDeleted.type:
      await projectDelete(trx, PostDeleted.schema.parse(event.data).postId);
      return true;
    case AttendanceWithdrawn.type: {
      const { postId, userId } = AttendanceWithdrawn.schema.parse(event.data);
      await sql`
        WITH removed AS (
          DELETE FROM event_attendance WHERE user_id = ${userId} AND post_id = ${postId} RETURNING post_id, status)
        UPDATE posts SET
          interested_count = interested_count - (SELECT count(*) FROM removed WHERE status = 'interested')::int,
          going_count = going_count - (SELECT count(*) FROM removed WHERE status = 'going')::int
        WHERE id IN (SELECT post_id FROM removed)`.execute(trx);
      return true;
    }
    case SavedSearchCreated.type: {
      const s = SavedSearchCreated.schema.parse(event.data);
      await trx
        .insertInto('saved_searches')
        .values({
          id: s.searchId,
          user_id: s.userId,
          query: s.query,
          category: s.category,
          neighborhood: s.neighborhood,
          min_price: s.minPrice,
          max_price: s.maxPrice,
          created_at: at,
        })
        .execute();
      return true;
    }
    case SavedSearchDeleted.type:
      await trx
        .deleteFrom('saved_searches')
        .where('id', '=', SavedSearchDeleted.schema.parse(event.data).searchId)
        .execute();
      return true;
    default:
      return false;
  }
}
