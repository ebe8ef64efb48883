import type { ServerResponse } from 'node:http';
import type { Logger } from '@waco/platform';
import type { StreamPush } from '../db/stream-log';
import { LiveStream, type StreamSource } from './live-stream';

export interface StreamHubOptions {
  source: StreamSource & { lastSeqs(userIds: string[]): Promise<Map<string, number>> };
  logger: Logger;
  heartbeatMs: number;
}

/**
 * The live streams open on this instance, by user. Pushes arrive by broadcast from whichever
 * instance committed them. Every heartbeat also compares each stream with the log, so that a
 * broadcast lost while NATS was away still reaches the browser.
 */
export class StreamHub {
  private readonly byUser = new Map<string, Set<LiveStream>>();
  private readonly timer: NodeJS.Timeout;
  private ticking = false;

  constructor(private readonly options: StreamHubOptions) {
    this.timer = setInterval(() => void this.tick(), options.heartbeatMs);
    this.timer.unref();
  }

  /** Opens a stream for the user on a response whose headers are written. */
  open(userId: string, res: ServerResponse, lastEventId: number | null): LiveStream {
    const stream = new LiveStream(userId, res, this.options.source, this.options.logger, lastEventId);
    const set = this.byUser.get(userId) ?? new Set();
    set.add(stream);
    this.byUser.set(userId, set);
    res.once('close', () => {
      stream.end();
      set.delete(stream);
      if (set.size === 0 && this.byUser.get(userId) === set) this.byUser.delete(userId);
    });
    return stream;
  }

  /** Pushes broadcast by any instance: each goes to this instance's streams of its user. */
  deliver(pushes: StreamPush[]) {
    for (const push of pushes) {
      for (const stream of this.byUser.get(push.userId) ?? []) stream.offer(push);
    }
  }

  /** How many streams are open here. */
  get size(): number {
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }

  /** Ends every stream (shutdown): browsers reconnect to another instance. */
  close() {
    clearInterval(this.timer);
    for (const set of this.byUser.values()) for (const stream of set) stream.end({ closeConnection: true });
    this.byUser.clear();
  }

  /**
   * Compares every open stream with the log and sends what a stream has not had: broadcasts lost
   * while the bus was away. Run at every heartbeat, and at once when the bus reconnects.
   */
  catchUp() {
    void this.tick({ heartbeat: false });
  }

  private async tick(options = { heartbeat: true }) {
    if (this.ticking) return;
    this.ticking = true;
    try {
      if (options.heartbeat)
        for (const set of this.byUser.values()) for (const stream of set) stream.heartbeat();
      const users = [...this.byUser.keys()];
      for (let i = 0; i < users.length; i += 1000) {
        const lastSeqs = await this.options.source.lastSeqs(users.slice(i, i + 1000));
        for (const [userId, lastSeq] of lastSeqs) {
          for (const stream of this.byUser.get(userId) ?? []) stream.catchUp(lastSeq);
        }
      }
    } catch (err) {
      this.options.logger.warn({ err }, 'live stream catch-up failed');
    } finally {
      this.ticking = false;
    }
  }
}
