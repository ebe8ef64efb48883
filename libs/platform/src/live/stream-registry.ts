import type { ServerResponse } from 'node:http';
import { observeGauge } from '../metrics';

/** What the registry needs of an open stream. */
export interface RegisteredStream {
  heartbeat(): void;
  end(options?: { closeConnection?: boolean }): void;
}

export interface StreamRegistryOptions {
  /** How often every stream gets a heartbeat, and `onTick` runs. */
  heartbeatMs: number;
  /** After each round of heartbeats: compare the open streams with the truth (lost broadcasts). */
  onTick?: (keys: string[]) => Promise<void>;
  /** At most this many streams on one key (a member, a post); more are refused. */
  maxPerKey?: number;
  /** At most this many streams on this process; more are refused. */
  maxTotal?: number;
  onTickFailed?: (err: unknown) => void;
  /** The gauge that counts the streams open on this instance, until `close`. */
  gauge?: { name: string; description: string };
}

/**
 * The live streams open on this instance, by key (notifications: the member; posts: the post),
 * with their heartbeats. A stream leaves when its browser goes; `close` ends every one (shutdown:
 * browsers reconnect to another instance). Bounded: `add` refuses a stream over a cap, and the
 * caller answers 503 with a retry.
 */
export class StreamRegistry<S extends RegisteredStream> {
  private readonly byKey = new Map<string, Set<S>>();
  private readonly timer: NodeJS.Timeout;
  private ticking = false;
  private count = 0;
  private readonly stopGauge: () => void;

  constructor(private readonly options: StreamRegistryOptions) {
    this.timer = setInterval(() => void this.tick(true), options.heartbeatMs);
    this.timer.unref();
    const { gauge } = options;
    this.stopGauge = gauge
      ? observeGauge(gauge.name, { description: gauge.description, unit: '{stream}' }, (report) =>
          report(this.count),
        )
      : () => {};
  }

  /** Whether one more stream on `key` fits under the caps. */
  hasRoom(key: string): boolean {
    const { maxPerKey = Infinity, maxTotal = Infinity } = this.options;
    return this.count < maxTotal && (this.byKey.get(key)?.size ?? 0) < maxPerKey;
  }

  /** Holds `stream` under `key` until `res` closes. Check `hasRoom` first. */
  add(key: string, stream: S, res: ServerResponse): void {
    const set = this.byKey.get(key) ?? new Set();
    set.add(stream);
    this.byKey.set(key, set);
    this.count++;
    res.once('close', () => {
      stream.end();
      if (set.delete(stream)) this.count--;
      if (set.size === 0 && this.byKey.get(key) === set) this.byKey.delete(key);
    });
  }

  /** The streams open on `key` here. */
  streamsOf(key: string): Iterable<S> {
    return this.byKey.get(key) ?? [];
  }

  /** How many streams are open on `key` here. */
  countOf(key: string): number {
    return this.byKey.get(key)?.size ?? 0;
  }

  /** The keys with a stream open here. */
  keys(): string[] {
    return [...this.byKey.keys()];
  }

  /** How many streams are open here. */
  get size(): number {
    return this.count;
  }

  /** Runs `onTick` now, without heartbeats (the bus reconnected: broadcasts may have been lost). */
  catchUp() {
    void this.tick(false);
  }

  /** Ends every stream, the heartbeats and the gauge. */
  close() {
    clearInterval(this.timer);
    this.stopGauge();
    for (const set of this.byKey.values()) for (const stream of set) stream.end({ closeConnection: true });
    this.byKey.clear();
    this.count = 0;
  }

  private async tick(heartbeat: boolean) {
    if (this.ticking) return;
    this.ticking = true;
    try {
      if (heartbeat) for (const set of this.byKey.values()) for (const stream of set) stream.heartbeat();
      await this.options.onTick?.(this.keys());
    } catch (err) {
      this.options.onTickFailed?.(err);
    } finally {
      this.ticking = false;
    }
  }
}
