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

/**
 * Records pushes to users' live streams inside the transaction that causes them. Opening it
 * locks each user's cursor row, in id order so that two writers never wait on each other in a
 * circle. A user's writers so take turns: sequence numbers follow commit order (a browser that
 * got n has every event before n), and counts read after the lock see every earlier commit.
 *
 * A batch of events handled in one transaction (`openForBatch`) shares one writer: every
 * `open` on that transaction answers it, its pushes are stored with one statement at `finish`,
 * each user's unread counts are read and pushed once, after the batch's other pushes, and work
 * an effect held back (`hold`: notify's set-based writes) runs before the next effect opens it,
 * so that pushes keep the order of the events that caused them.
 */
export class StreamWriter {
  private readonly pushes: StreamPush[] = [];
  /** Batch mode: users whose unread counts to push at `finish`. */
  private unreadDue: Set<string> | undefined;
  private held: (() => Promise<void>) | undefined;

  private constructor(
    private readonly trx: Kysely<NotificationsDatabase>,
    private readonly lastSeq: Map<string, number>,
  ) {}

  static async open(trx: Kysely<NotificationsDatabase>, userIds: string[]): Promise<StreamWriter> {
    const shared = batchWriters.get(trx);
    if (shared) {
      await shared.settle();
      await shared.lock(userIds);
      return shared;
    }
    const writer = new StreamWriter(trx, new Map());
    await writer.lock(userIds);
    return writer;
  }

  /** The writer every effect of a batch's transaction shares; `finish` it once they all ran. */
  static async openForBatch(trx: Kysely<NotificationsDatabase>, userIds: string[]): Promise<StreamWriter> {
    const writer = await StreamWriter.open(trx, userIds);
    writer.unreadDue = new Set();
    batchWriters.set(trx, writer);
    return writer;
  }

  /** The shared writer of this transaction's batch, when one is open (without running held work). */
  static batchOf(trx: Kysely<NotificationsDatabase>): StreamWriter | undefined {
    return batchWriters.get(trx);
  }

  /** Ends the batch of this transaction (`finish` of its shared writer); nothing when none is open. */
  static async finishBatch(trx: Kysely<NotificationsDatabase>): Promise<StreamPush[]> {
    return (await batchWriters.get(trx)?.finish()) ?? [];
  }

  /** Locks the cursors of users not locked yet by this writer (a batch meets new ones as it goes). */
  private async lock(userIds: string[]) {
    const users = [...new Set(userIds)].filter((u) => !this.lastSeq.has(u)).sort();
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

  push(userId: string, event: StreamEventName, data: unknown) {
    const last = this.lastSeq.get(userId);
    if (last === undefined) throw new Error(`Stream of ${userId} was not opened in this transaction`);
    this.lastSeq.set(userId, last + 1);
    this.pushes.push({ userId, seq: last + 1, event, data });
  }

  /**
   * Pushes each user's unread counts as they stand in this transaction. In a batch they are
   * read and pushed once at `finish` (the counts after the whole batch), and the map is empty.
   */
  async pushUnread(...userIds: string[]): Promise<Map<string, UnreadCounts>> {
    if (this.unreadDue) {
      for (const userId of userIds) this.unreadDue.add(userId);
      return new Map();
    }
    const counts = await unreadCounts(this.trx, userIds);
    for (const userId of userIds)
      this.push(userId, 'unread', counts.get(userId) ?? { notifications: 0, messages: 0 });
    return counts;
  }

  /**
   * Batch mode: work to run before anything else opens this writer, or at `finish` (set-based
   * writes gathered over several events). A second hold while one waits is refused: the holder
   * adds to what it already holds.
   */
  hold(work: () => Promise<void>) {
    if (this.held) throw new Error('StreamWriter already holds work');
    this.held = work;
  }

  private async settle() {
    const work = this.held;
    this.held = undefined;
    await work?.();
  }

  /** Stores the pushes and moves the cursors; answers what to send once the transaction commits. */
  async close(): Promise<StreamPush[]> {
    // A batch's writer is stored once, at `finish`; its effects' pushes are answered there.
    if (this.unreadDue) return [];
    return this.store();
  }

  /** Ends a batch's writer: held work, then the unread counts, then one write of every push. */
  async finish(): Promise<StreamPush[]> {
    await this.settle();
    const due = [...(this.unreadDue ?? [])];
    this.unreadDue = undefined;
    batchWriters.delete(this.trx);
    if (due.length > 0) await this.pushUnread(...due);
    return this.store();
  }

  private async store(): Promise<StreamPush[]> {
    if (this.pushes.length === 0) return [];
    const rows = this.pushes.map((p) => ({ user_id: p.userId, seq: p.seq, event: p.event, data: p.data }));
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
    return this.pushes;
  }
}

/** The shared writer of each batch's transaction (keyed weakly: a transaction object never outlives its batch). */
const batchWriters = new WeakMap<Kysely<NotificationsDatabase>, StreamWriter>();

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
