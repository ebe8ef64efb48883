import {
  NOTIFICATION_REPEAT_WINDOW_MS,
  type Notification,
  NotificationType,
  type UnreadCounts,
} from '@waco/contracts';
import { type Kysely, sql } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { type NotificationDraft, UNNAMED, unnamedTitles } from '../domain/notification-rules';
import type { NotificationRow, NotificationsDatabase } from './schema';

/**
 * Records that the recipient is being told about this repeat key now, unless they were told
 * within the window: answers false for a repeat. One statement, so that two instances handling
 * a like and a like again at the same moment cannot both say yes.
 */
export async function claimRepeatKey(
  db: Kysely<NotificationsDatabase>,
  draft: NotificationDraft,
  at: string,
): Promise<boolean> {
  if (!draft.repeatKey) return true;
  const { rows } = await sql`
    INSERT INTO notification_repeats (recipient_id, kind, actor_id, post_id, notified_at)
    VALUES (${draft.recipientId}, ${draft.repeatKey.kind}, ${draft.actorId}, ${draft.repeatKey.postId}, ${at})
    ON CONFLICT (recipient_id, kind, actor_id, post_id) DO UPDATE SET notified_at = EXCLUDED.notified_at
      WHERE notification_repeats.notified_at
            <= EXCLUDED.notified_at - make_interval(secs => ${NOTIFICATION_REPEAT_WINDOW_MS / 1000})
    RETURNING 1`.execute(db);
  return rows.length > 0;
}

/** Where a notification comes from: the event that made it, and how it starts out. */
interface NotificationSource {
  eventId: string;
  createdAt: string;
  relatedPosition?: number;
  isRead?: boolean;
}

const notificationRow = (draft: NotificationDraft, source: NotificationSource) => ({
  id: uuidv7(),
  user_id: draft.recipientId,
  type: draft.type,
  title: draft.title,
  message: draft.message,
  related_id: draft.relatedId,
  related_position: source.relatedPosition ?? null,
  actor_id: draft.actorId,
  is_read: source.isRead ?? false,
  created_at: source.createdAt,
  source_event_id: source.eventId,
});

/** Stores a notification made by `sourceEventId`; answers it as the API shows it. */
export async function insertNotification(
  db: Kysely<NotificationsDatabase>,
  draft: NotificationDraft,
  source: NotificationSource,
): Promise<Notification> {
  const row = await db
    .insertInto('notifications')
    .values(notificationRow(draft, source))
    .returningAll()
    .executeTakeFirstOrThrow();
  return toNotification(row);
}

/** Which repeat key a draft claims, as one string (`claimRepeatKeys` answers these). */
export const repeatKeyOf = (draft: NotificationDraft) =>
  draft.repeatKey
    ? `${draft.recipientId}|${draft.repeatKey.kind}|${draft.actorId}|${draft.repeatKey.postId}`
    : undefined;

/**
 * `claimRepeatKey` for many drafts in one statement (a batch's). Their keys must all differ: a
 * statement cannot claim one row twice, so a key met again in the same batch is claimed after
 * this, on its own. Answers the keys claimed (`repeatKeyOf`).
 */
export async function claimRepeatKeys(
  db: Kysely<NotificationsDatabase>,
  claims: Array<{ draft: NotificationDraft; at: string }>,
): Promise<Set<string>> {
  const rows = claims.flatMap(({ draft, at }) =>
    draft.repeatKey
      ? [
          {
            recipient_id: draft.recipientId,
            kind: draft.repeatKey.kind,
            actor_id: draft.actorId,
            post_id: draft.repeatKey.postId,
            notified_at: at,
          },
        ]
      : [],
  );
  if (rows.length === 0) return new Set();
  const { rows: claimed } = await sql<{
    recipient_id: string;
    kind: string;
    actor_id: string;
    post_id: string;
  }>`
    /* prepared */ INSERT INTO notification_repeats (recipient_id, kind, actor_id, post_id, notified_at)
    SELECT * FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      AS r(recipient_id uuid, kind text, actor_id uuid, post_id uuid, notified_at timestamptz)
    ON CONFLICT (recipient_id, kind, actor_id, post_id) DO UPDATE SET notified_at = EXCLUDED.notified_at
      WHERE notification_repeats.notified_at
            <= EXCLUDED.notified_at - make_interval(secs => ${NOTIFICATION_REPEAT_WINDOW_MS / 1000})
    RETURNING recipient_id, kind, actor_id, post_id`.execute(db);
  return new Set(claimed.map((r) => `${r.recipient_id}|${r.kind}|${r.actor_id}|${r.post_id}`));
}

/** `insertNotification` for many at once, in one statement; answers them in the order given. */
export async function insertNotifications(
  db: Kysely<NotificationsDatabase>,
  items: Array<{ draft: NotificationDraft; source: NotificationSource }>,
): Promise<Notification[]> {
  if (items.length === 0) return [];
  const values = items.map(({ draft, source }) => notificationRow(draft, source));
  const rows = await db.insertInto('notifications').values(values).returningAll().execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return values.map((v) => toNotification(byId.get(v.id) as NotificationRow));
}

/**
 * A page of the user's notifications, newest first, with how many of all theirs are unread: one
 * statement (the list's poll is among the most frequent requests), the count from the partial
 * index of unread ones, the page from the list's index. An empty page still answers its count
 * (the LEFT JOIN's one row, with no notification in it).
 */
export async function notificationsPage(
  db: Kysely<NotificationsDatabase>,
  userId: string,
  page: { limit: number; offset: number },
): Promise<{ notifications: Notification[]; unreadCount: number }> {
  const { rows } = await sql<NotificationRow & { unread: number }>`
    /* prepared */ SELECT n.*, u.unread
    FROM (SELECT count(*)::int AS unread FROM notifications WHERE user_id = ${userId} AND NOT is_read) u
    LEFT JOIN LATERAL (
      SELECT * FROM notifications WHERE user_id = ${userId}
      ORDER BY created_at DESC, id DESC LIMIT ${page.limit} OFFSET ${page.offset}
    ) n ON true`.execute(db);
  return {
    notifications: rows.filter((row) => row.id !== null).map(toNotification),
    unreadCount: rows[0]?.unread ?? 0,
  };
}

/** Each user's unread notifications and messages, in one query. */
export async function unreadCounts(
  db: Kysely<NotificationsDatabase>,
  userIds: string[],
): Promise<Map<string, UnreadCounts>> {
  const { rows } = await sql<UnreadCounts & { user_id: string }>`
    /* prepared */ SELECT u.user_id,
           (SELECT count(*) FROM notifications n WHERE n.user_id = u.user_id AND NOT n.is_read)::int AS notifications,
           (SELECT count(*) FROM conversation_inbox i WHERE i.user_id = u.user_id)::int AS messages
    FROM unnest(${userIds}::uuid[]) AS u(user_id)`.execute(db);
  return new Map(rows.map(({ user_id, ...counts }) => [user_id, counts]));
}

/** One user's unread notifications and messages. */
export async function unreadCountsOf(
  db: Kysely<NotificationsDatabase>,
  userId: string,
): Promise<UnreadCounts> {
  return (await unreadCounts(db, [userId])).get(userId) ?? { notifications: 0, messages: 0 };
}

/** Marks one of the user's notifications read; answers it (or undefined when not theirs) and whether it changed. */
export async function markNotificationRead(
  db: Kysely<NotificationsDatabase>,
  userId: string,
  id: string,
): Promise<{ notification: Notification; changed: boolean } | undefined> {
  const before = await db
    .selectFrom('notifications')
    .select('is_read')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
  if (!before) return undefined;
  const row = await db
    .updateTable('notifications')
    .set({ is_read: true })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { notification: toNotification(row), changed: !before.is_read };
}

/** Marks every unread notification of the user read. */
export async function markAllRead(db: Kysely<NotificationsDatabase>, userId: string): Promise<number> {
  const result = await db
    .updateTable('notifications')
    .set({ is_read: true })
    .where('user_id', '=', userId)
    .where('is_read', '=', false)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    userId: row.user_id,
    type: NotificationType.parse(row.type),
    title: row.title,
    message: row.message,
    relatedId: row.related_id,
    actorId: row.actor_id,
    isRead: row.is_read,
    createdAt: row.created_at.toISOString(),
  };
}

/**
 * Names the actor of notifications made before their name reached this service ("Someone liked
 * your post", when a like came before its liker's sign-up did).
 */
export async function nameActor(db: Kysely<NotificationsDatabase>, actorId: string, name: string) {
  if (name === UNNAMED) return;
  const titles = unnamedTitles(name);
  // The LIKE, a literal as in the partial index (0007), lets that index find the rows.
  await sql`
    UPDATE notifications n SET title = t.named
    FROM unnest(${titles.map((t) => t.unnamed)}::text[], ${titles.map((t) => t.named)}::text[]) AS t(unnamed, named)
    WHERE n.actor_id = ${actorId} AND n.title LIKE ${sql.lit(`${UNNAMED} %`)} AND n.title = t.unnamed`.execute(
    db,
  );
}
