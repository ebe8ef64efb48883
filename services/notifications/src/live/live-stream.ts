import type { ServerResponse } from 'node:http';
import type { UnreadCounts } from '@waco/contracts';
import { type Logger, SseWriter, sseEvent } from '@waco/platform';
import type { StreamPush } from '../db/stream-log';

/** Where a live stream reads what it missed. */
export interface StreamSource {
  snapshot(
    userId: string,
    afterSeq: number | null,
  ): Promise<{ missed: StreamPush[]; lastSeq: number; unread: UnreadCounts }>;
  /** Events after `afterSeq` up to `upToSeq`, oldest first. */
  range(userId: string, afterSeq: number, upToSeq: number): Promise<StreamPush[]>;
}

/**
 * One browser's open stream. Everything it writes goes through one queue, in sequence order:
 * first what it missed and the current counts, then live pushes. A push that arrives ahead of
 * one it has not seen (two instances' broadcasts can cross) first fetches the gap from the log,
 * which holds it already (a user's events commit in sequence order); a push it has sent is
 * dropped. So the browser sees each event once, in order, whatever path it took.
 */
export class LiveStream {
  private lastSent = 0;
  private queue: Promise<void>;
  /** A reader too slow is dropped; it reconnects with Last-Event-ID and catches up. */
  private readonly writer: SseWriter;

  constructor(
    readonly userId: string,
    res: ServerResponse,
    private readonly source: StreamSource,
    private readonly logger: Logger,
    lastEventId: number | null,
  ) {
    this.writer = new SseWriter(res, logger, { userId });
    this.queue = Promise.resolve();
    this.enqueue(() => this.start(lastEventId));
  }

  get sentUpTo(): number {
    return this.lastSent;
  }

  get isOpen(): boolean {
    return this.writer.isOpen;
  }

  /** A push committed for this user (from any instance). */
  offer(push: StreamPush) {
    this.enqueue(async () => {
      if (push.seq <= this.lastSent) return;
      if (push.seq > this.lastSent + 1) await this.fill(push.seq - 1);
      this.write(push);
    });
  }

  /** The log is known to reach `lastSeq`: send anything not yet sent (a broadcast lost on the way). */
  catchUp(lastSeq: number) {
    this.enqueue(async () => {
      if (lastSeq > this.lastSent) await this.fill(lastSeq);
    });
  }

  heartbeat() {
    this.writer.heartbeat();
  }

  /** Ends the stream; on shutdown the connection goes too, or it would linger as keep-alive. */
  end(options: { closeConnection?: boolean } = {}) {
    this.writer.end(options);
  }

  private async start(lastEventId: number | null) {
    const { missed, lastSeq, unread } = await this.source.snapshot(this.userId, lastEventId);
    for (const push of missed) this.write(push);
    // The counts as of `lastSeq`, under its id (a reconnect from here replays only what follows),
    // unless the replay just ended with them.
    const last = missed.at(-1);
    if (last?.seq !== lastSeq || last.event !== 'unread') this.send(sseEvent(lastSeq, 'unread', unread));
    this.lastSent = Math.max(this.lastSent, lastSeq);
  }

  private async fill(upToSeq: number) {
    for (const push of await this.source.range(this.userId, this.lastSent, upToSeq)) this.write(push);
  }

  private write(push: StreamPush) {
    if (push.seq <= this.lastSent) return;
    this.send(sseEvent(push.seq, push.event, push.data));
    this.lastSent = push.seq;
  }

  private send(text: string) {
    this.writer.send(text);
  }

  private enqueue(task: () => Promise<void>) {
    this.queue = this.queue
      .then(() => (this.writer.isOpen ? task() : undefined))
      .catch((err) => {
        // The browser reconnects with its Last-Event-ID and gets what this stream could not send.
        this.logger.warn({ err, userId: this.userId }, 'live stream failed; closing it');
        this.end();
      });
  }
}
