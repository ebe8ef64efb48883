import * as contracts from '@waco/contracts';
import { CLOSED_VISIBLE_DAYS, DAY_MS, type EventEnvelope, extractHashtags } from '@waco/contracts';
import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import type { PostsDatabase, PostsTable } from '../db/schema';
import { syncPostHashtags } from './hashtags';

type Updates = Partial<Record<keyof PostsTable, unknown>>;
type Db = Kysely<PostsDatabase>;

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

const plus = (at: string, days: number) => new Date(new Date(at).getTime() + days * DAY_MS).toISOString();

/** What the row-changing events carry: each its post, some a reason or an expiry. */
const RowChangeData = z.object({
  postId: z.string(),
  reason: z.string().optional(),
  expiresAt: z.string().optional(),
});

/** The lifecycle events that only change the post's row: what each sets (`at`: when it happened). */
const ROW_CHANGES: Record<string, (data: z.infer<typeof RowChangeData>, at: string) => Updates> = {
  [contracts.PostClosed.type]: ({ reason }, at) => ({
    state: 'closed',
    closed_reason: reason,
    closed_at: at,
    pending_at: null,
    visible_until: plus(at, CLOSED_VISIBLE_DAYS),
    updated_at: at,
  }),
  // Shown again until its expiry (the sweep expires it if that has passed).
  [contracts.PostReopened.type]: (_, at) => ({
    state: 'active',
    closed_reason: null,
    closed_at: null,
    pending_at: null,
    visible_until: sql`expires_at`,
    updated_at: at,
  }),
  [contracts.PostMarkedPending.type]: (_, at) => ({ pending_at: at, updated_at: at }),
  [contracts.PostPendingCleared.type]: (_, at) => ({ pending_at: null, updated_at: at }),
  [contracts.PostRenewed.type]: ({ expiresAt }, at) => ({
    state: 'active',
    expires_at: expiresAt,
    visible_until: expiresAt,
    updated_at: at,
  }),
  [contracts.PostExpired.type]: (_, at) => ({
    state: 'expired',
    visible_until: sql`least(visible_until, ${at}::timestamptz)`,
  }),
  [contracts.PostExpiringSoon.type]: ({ expiresAt }) => ({ reminded_for: expiresAt }),
};

const update = (trx: Db, postId: string, set: Updates) =>
  trx
    .updateTable('posts')
    .set(set as never)
    .where('id', '=', postId)
    .execute();

async function projectEdit(trx: Db, event: EventEnvelope) {
  const { postId, changes, expiresAt, mentions } = contracts.PostEdited.schema.parse(event.data);
  const set: Updates = { edited_at: event.occurredAt, updated_at: event.occurredAt };
  if (mentions) set.mentions = JSON.stringify(mentions);
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
  if (set.hashtags) await syncPostHashtags(trx, [postId]);
}

/** A deleted post goes with everything that pointed at it: likes, saves, answers, its tags' uses. */
async function projectDelete(trx: Db, postId: string) {
  for (const table of [
    'posts',
    'post_likes',
    'saved_posts',
    'event_attendance',
    'comments',
    'comment_likes',
  ] as const)
    await trx
      .deleteFrom(table)
      .where(table === 'posts' ? 'id' : 'post_id', '=', postId)
      .execute();
  await syncPostHashtags(trx, [postId]);
}

async function projectWithdrawal(trx: Db, event: EventEnvelope) {
  const { postId, userId } = contracts.AttendanceWithdrawn.schema.parse(event.data);
  await sql`
    WITH removed AS (
      DELETE FROM event_attendance WHERE user_id = ${userId} AND post_id = ${postId} RETURNING post_id, status)
    UPDATE posts SET
      interested_count = interested_count - (SELECT count(*) FROM removed WHERE status = 'interested')::int,
      going_count = going_count - (SELECT count(*) FROM removed WHERE status = 'going')::int
    WHERE id IN (SELECT post_id FROM removed)`.execute(trx);
}

async function projectSavedSearch(trx: Db, event: EventEnvelope) {
  if (event.type === contracts.SavedSearchDeleted.type) {
    const { searchId } = contracts.SavedSearchDeleted.schema.parse(event.data);
    await trx.deleteFrom('saved_searches').where('id', '=', searchId).execute();
    return;
  }
  const s = contracts.SavedSearchCreated.schema.parse(event.data);
  await sql`
    INSERT INTO saved_searches (id, user_id, query, category, neighborhood, min_price, max_price, created_at)
    VALUES (${s.searchId}, ${s.userId}, ${s.query}, ${s.category}, ${s.neighborhood}, ${s.minPrice}, ${s.maxPrice}, ${event.occurredAt})`.execute(
    trx,
  );
}

/** The lifecycle's events → the posts row, attendance and saved searches. */
export async function projectLifecycle(trx: Db, event: EventEnvelope): Promise<void> {
  const rowChange = ROW_CHANGES[event.type];
  if (rowChange) {
    const data = RowChangeData.parse(event.data);
    await update(trx, data.postId, rowChange(data, event.occurredAt));
  } else if (event.type === contracts.PostEdited.type) await projectEdit(trx, event);
  else if (event.type === contracts.PostDeleted.type)
    await projectDelete(trx, contracts.PostDeleted.schema.parse(event.data).postId);
  else if (event.type === contracts.AttendanceWithdrawn.type) await projectWithdrawal(trx, event);
  else if (
    event.type === contracts.SavedSearchCreated.type ||
    event.type === contracts.SavedSearchDeleted.type
  )
    await projectSavedSearch(trx, event);
}
