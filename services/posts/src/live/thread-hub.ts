import type { ServerResponse } from 'node:http';
import {
  THREAD_CHANGED_EVENT,
  THREAD_SIGNAL_MIN_GAP_MS,
  THREAD_STREAMS_PER_INSTANCE_MAX,
  THREAD_STREAMS_PER_POST_MAX,
  type ThreadChanged,
} from '@waco/contracts';
import { type Logger, SseWriter, StreamRegistry, sseEvent } from '@waco/platform';

export interface ThreadHubOptions {
  /** The posts' counts as committed now (a post that is gone is left out). */
  counts(postIds: string[]): Promise<Map<string, number>>;
  logger: Logger;
  heartbeatMs: number;
  /** Caps (default: the contracts' THREAD_STREAMS_PER_POST_MAX and _PER_INSTANCE_MAX). */
  maxPerPost?: number;
  maxTotal?: number;
  /** A post's signals come at most this often (default THREAD_SIGNAL_MIN_GAP_MS). */
  minGapMs?: number;
}

/**
 * The threads open live on this instance, by post (the platform's StreamRegistry): each stream gets
 * `thread` events, `{postId, commentsCount}`, public facts only. Signals arrive by broadcast from
 * whichever instance handled the comment's event; a burst on one post goes out as one signal per
 * `minGapMs` (the last count). At every heartbeat the open posts' counts are compared with the
 * database, and when the bus comes back every open thread is signalled: a broadcast lost on the
 * way still reaches the browser (a count that moved, or anything at all after an outage).
 */
export class ThreadHub {
  private readonly streams: StreamRegistry<SseWriter>;
  /** The count each open post's streams were last told. */
  private readonly told = new Map<string, number>();
  /** Posts whose signal waits for its gap to pass: the latest count. */
  private readonly held = new Map<string, number>();
  private readonly lastSentAt = new Map<string, number>();
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(private readonly options: ThreadHubOptions) {
    this.streams = new StreamRegistry<SseWriter>({
      heartbeatMs: options.heartbeatMs,
      maxPerKey: options.maxPerPost ?? THREAD_STREAMS_PER_POST_MAX,
      maxTotal: options.maxTotal ?? THREAD_STREAMS_PER_INSTANCE_MAX,
      onTick: (postIds) => this.compareCounts(postIds),
      onTickFailed: (err) => options.logger.warn({ err }, 'live thread catch-up failed'),
      gauge: {
        name: 'waco.sse.thread_streams',
        description: "Posts' live threads (server-sent events) open on this instance",
      },
    });
  }

  /** Whether one more stream on this post fits here. */
  hasRoom(postId: string): boolean {
    return this.streams.hasRoom(postId);
  }

  /** Opens a stream of the post on a response whose headers are written; it starts with the count. */
  open(postId: string, commentsCount: number, res: ServerResponse) {
    const writer = new SseWriter(res, this.options.logger, { postId });
    this.streams.add(postId, writer, res);
    res.once('close', () => {
      if (this.streams.countOf(postId) === 0) this.forget(postId);
    });
    if (!this.told.has(postId)) this.told.set(postId, commentsCount);
    writer.send(sseEvent(null, THREAD_CHANGED_EVENT, { postId, commentsCount } satisfies ThreadChanged));
  }

  /** Threads changed (broadcast by any instance): each goes to this instance's streams of its post. */
  deliver(changes: ThreadChanged[]) {
    for (const { postId, commentsCount, removed } of changes) {
      if (!this.told.has(postId)) continue;
      if (removed) this.sendRemoved(postId);
      else this.signal(postId, commentsCount);
    }
  }

  /** The bus came back: broadcasts may have been lost, of edits and hidings too: signal every thread. */
  resync() {
    void this.options
      .counts(this.streams.keys())
      .then((counts) => {
        for (const [postId, count] of counts) this.signal(postId, count);
      })
      .catch((err) => this.options.logger.warn({ err }, 'live thread resync failed'));
  }

  /** How many streams are open here. */
  get size(): number {
    return this.streams.size;
  }

  /** Ends every stream (shutdown): browsers reconnect to another instance. */
  close() {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.streams.close();
  }

  private signal(postId: string, commentsCount: number) {
    const minGap = this.options.minGapMs ?? THREAD_SIGNAL_MIN_GAP_MS;
    const wait = (this.lastSentAt.get(postId) ?? -Infinity) + minGap - Date.now();
    if (wait <= 0) return this.send(postId, commentsCount);
    const waiting = this.held.has(postId);
    this.held.set(postId, commentsCount);
    if (waiting) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      const count = this.held.get(postId);
      this.held.delete(postId);
      if (count !== undefined) this.send(postId, count);
    }, wait);
    this.timers.add(timer);
  }

  private send(postId: string, commentsCount: number) {
    this.lastSentAt.set(postId, Date.now());
    let open = false;
    const text = sseEvent(null, THREAD_CHANGED_EVENT, { postId, commentsCount } satisfies ThreadChanged);
    for (const writer of this.streams.streamsOf(postId)) {
      writer.send(text);
      open = true;
    }
    if (open) this.told.set(postId, commentsCount);
    else this.forget(postId);
  }

  /** The post is gone: told at once (no gap to wait), and nothing more is held for it. */
  private sendRemoved(postId: string) {
    const text = sseEvent(null, THREAD_CHANGED_EVENT, {
      postId,
      commentsCount: 0,
      removed: true,
    } satisfies ThreadChanged);
    for (const writer of this.streams.streamsOf(postId)) writer.send(text);
    this.forget(postId);
  }

  private forget(postId: string) {
    this.told.delete(postId);
    this.held.delete(postId);
    this.lastSentAt.delete(postId);
  }

  private async compareCounts(postIds: string[]) {
    for (let i = 0; i < postIds.length; i += 1000) {
      const counts = await this.options.counts(postIds.slice(i, i + 1000));
      for (const [postId, count] of counts) if (this.told.get(postId) !== count) this.signal(postId, count);
    }
  }
}
