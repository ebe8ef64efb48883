import type { ServerResponse } from 'node:http';
import { type Logger, StreamRegistry } from '@waco/platform';
import type { StreamPush } from '../db/stream-log';
import { LiveStream, type StreamSource } from './live-stream';

export interface StreamHubOptions {
  source: StreamSource & { lastSeqs(userIds: string[]): Promise<Map<string, number>> };
  logger: Logger;
  heartbeatMs: number;
}

/**
 * The live streams open on this instance, by user (the platform's StreamRegistry). Pushes arrive
 * by broadcast from whichever instance committed them. Every heartbeat also compares each stream
 * with the log, so that a broadcast lost while NATS was away still reaches the browser.
 */
export class StreamHub {
  private readonly streams: StreamRegistry<LiveStream>;

  constructor(private readonly options: StreamHubOptions) {
    this.streams = new StreamRegistry<LiveStream>({
      heartbeatMs: options.heartbeatMs,
      onTick: (users) => this.compareWithLog(users),
      onTickFailed: (err) => options.logger.warn({ err }, 'live stream catch-up failed'),
      gauge: {
        name: 'waco.sse.streams',
        description: 'Live streams (server-sent events) open on this instance',
      },
    });
  }

  /** Opens a stream for the user on a response whose headers are written. */
  open(userId: string, res: ServerResponse, lastEventId: number | null): LiveStream {
    const stream = new LiveStream(userId, res, this.options.source, this.options.logger, lastEventId);
    this.streams.add(userId, stream, res);
    return stream;
  }

  /** Pushes broadcast by any instance: each goes to this instance's streams of its user. */
  deliver(pushes: StreamPush[]) {
    for (const push of pushes) {
      for (const stream of this.streams.streamsOf(push.userId)) stream.offer(push);
    }
  }

  /** How many streams are open here. */
  get size(): number {
    return this.streams.size;
  }

  /** Ends every stream (shutdown): browsers reconnect to another instance. */
  close() {
    this.streams.close();
  }

  /**
   * Compares every open stream with the log and sends what a stream has not had: broadcasts lost
   * while the bus was away. Run at every heartbeat, and at once when the bus reconnects.
   */
  catchUp() {
    this.streams.catchUp();
  }

  private async compareWithLog(users: string[]) {
    for (let i = 0; i < users.length; i += 1000) {
      const lastSeqs = await this.options.source.lastSeqs(users.slice(i, i + 1000));
      for (const [userId, lastSeq] of lastSeqs) {
        for (const stream of this.streams.streamsOf(userId)) stream.catchUp(lastSeq);
      }
    }
  }
}
