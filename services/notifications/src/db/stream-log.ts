import type { StreamEventName, UnreadCounts } from '@waco/contracts';
import { type Kysely, sql } from 'kysely';
import { unreadCounts, unreadCountsOf } from './notifications';
import type { NotificationsDatabase } from './schema';

/** One event on one user's live stream; `seq` is its SSE id, dense and increasing per user. */
export interface StreamPush {
  userId: string;
  seq: number;
  event: StreamEventName;
  data: unknown;
}

/** At most this many missed events are replayed to a reconnecting browser (the latest ones). */
export const STREAM_REPLAY_MAX = 1000;

/** An entry for a user's stream, before its sequence number is taken. */
export type StreamEntry = Omit<StreamPush, 'seq'>;

/**
 * The cursors of the users' streams one transaction appends to, locked by it. Locking takes
 * each user's cursor row, in id order so that two transactions never wait on each other in a
 * circle. A user's writers so take turns: sequence numbers follow commit order (a browser that
 * got n has every event before n), and counts read after the lock see every earlier commit.
 */
export class StreamCursors {
  /** Each locked user's last seq, moved as entries are numbered. */
  private readonly lastSeq = new Map<string, number>();

  constructor(private readonly trx: Kysely<NotificationsDatabase>) {}

  /** Locks the cursors of users not locked yet (a batch meets new ones as it goes). */
  async lock(userIds: Array<string | undefined>) {
    const users = [...new Set(userIds)]
      .filter((u): u is string => typeof u === 'string' && !this.lastSeq.has(u))
      .sort();
    if (users.length === 0) return;
    // One statement; its rows are locked in the order given. DO UPDATE (to the same value)
    // takes the row lock even for a cursor that already exists.
    const { rows } = await sql<{ user_id: string; last_seq: number }>`
      /* prepared */ INSERT INTO stream_cursors (user_id, last_seq)
      SELECT user_id, 0 FROM unnest(${users}::uuid[]) WITH ORDINALITY AS u(user_id, n) ORDER BY n
      ON CONFLICT (user_id) DO UPDATE SET last_seq = stream_cursors.last_seq
      RETURNING user_id, last_seq`.execute(this.trx);
    for (const r of rows) this.lastSeq.set(r.user_id, Number(r.last_seq));
  }

  /** Writes the entries, in order, each the next on its user's (locked) stream; answers them numbered. */
  async append(entries: StreamEntry[]): Promise<StreamPush[]> {
    if (entries.length === 0) return [];
    const pushes = entries.map((entry) => {
      const last = this.lastSeq.get(entry.userId);
      if (last === undefined) throw new Error(`Stream of ${entry.userId} was not locked in this transaction`);
      this.lastSeq.set(entry.userId, last + 1);
      return { ...entry, seq: last + 1 };
    });
    const rows = pushes.map((p) => ({ user_id: p.userId, seq: p.seq, event: p.event, data: p.data }));
    // The entries and the cursors' moves in one statement.
    await sql`
      /* prepared */ WITH pushed AS (
        INSERT INTO stream_events (user_id, seq, event, data)
        SELECT user_id, seq, event, data
        FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS p(user_id uuid, seq bigint, event text, data jsonb)
        RETURNING user_id, seq
      )
      UPDATE stream_cursors c SET last_seq = m.seq
      FROM (SELECT user_id, max(seq) AS seq FROM pushed GROUP BY user_id) m
      WHERE c.user_id = m.user_id`.execute(this.trx);
    return pushes;
  }
}

/** Each user's unread counts as the transaction sees them, as entries for their streams. */
export async function unreadEntries(
  trx: Kysely<NotificationsDatabase>,
  userIds: string[],
): Promise<Array<StreamEntry & { event: 'unread'; data: UnreadCounts }>> {
  if (userIds.length === 0) return [];
  const counts = await unreadCounts(trx, userIds);
  return userIds.map((userId) => ({
    userId,
    event: 'unread' as const,
    data: counts.get(userId) ?? { notifications: 0, messages: 0 },
  }));
}

/** The user's stream events after `afterSeq`, up to `upToSeq` when given, oldest first. */
export async function readStream(
  db: Kysely<NotificationsDatabase>,
  userId: string,
  afterSeq: number,
  upToSeq?: number,
): Promise<StreamPush[]> {
  let query = db
    .selectFrom('stream_events')
    .select(['user_id', 'seq', 'event', 'data'])
    .where('user_id', '=', userId)
    .where('seq', '>', afterSeq)
    .orderBy('seq', 'desc')
    .limit(STREAM_REPLAY_MAX);
  if (upToSeq !== undefined) query = query.where('seq', '<=', upToSeq);
  const rows = await query.execute();
  return rows.reverse().map((r) => ({
    userId: r.user_id,
    seq: r.seq,
    event: r.event as StreamEventName,
    data: r.data,
  }));
}

/** What a stream starts with: the events missed since `afterSeq`, the last seq, and the counts. */
export async function streamSnapshot(
  db: Kysely<NotificationsDatabase>,
  userId: string,
  afterSeq: number | null,
) {
  // One snapshot, so that the replay, the last seq and the counts agree with one another.
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => {
      const cursor = await trx
        .selectFrom('stream_cursors')
        .select('last_seq')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      const lastSeq = cursor?.last_seq ?? 0;
      const missed =
        afterSeq !== null && afterSeq < lastSeq ? await readStream(trx, userId, afterSeq, lastSeq) : [];
      return { missed, lastSeq, unread: await unreadCountsOf(trx, userId) };
    });
}

/** The last seq of each user's stream (users without one are left out). */
export async function lastSeqs(
  db: Kysely<NotificationsDatabase>,
  userIds: string[],
): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('stream_cursors')
    .select(['user_id', 'last_seq'])
    .where('user_id', 'in', userIds)
    .execute();
  return new Map(rows.map((r) => [r.user_id, r.last_seq]));
}

/** Forgets stream events older than the retention, and repeat keys too old to matter. */
export async function trimStreamLog(
  db: Kysely<NotificationsDatabase>,
  retentionMs: number,
): Promise<{ events: number; repeats: number }> {
  const events = await db
    .deleteFrom('stream_events')
    .where('created_at', '<', sql<Date>`now() - make_interval(secs => ${retentionMs / 1000})`)
    .executeTakeFirst();
  // A repeat key only matters within its window; a day leaves room for events that arrive late.
  const repeats = await db
    .deleteFrom('notification_repeats')
    .where('notified_at', '<', sql<Date>`now() - interval '1 day'`)
    .executeTakeFirst();
  return { events: Number(events.numDeletedRows), repeats: Number(repeats.numDeletedRows) };
}
