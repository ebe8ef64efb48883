import type { ServerResponse } from 'node:http';
import type { Logger } from '../logger';
import { telemetry } from '../metrics';
import { SSE_HEARTBEAT } from './sse';

/** A browser this slow to read is dropped; it reconnects and catches up. */
const MAX_BUFFERED_BYTES = 1_048_576;

/**
 * Writes one open event stream: text as it comes, a heartbeat, and the end. A reader too slow to
 * keep up (over a megabyte waiting) is dropped rather than held in memory.
 */
export class SseWriter {
  private ended = false;

  constructor(
    private readonly res: ServerResponse,
    private readonly logger: Logger,
    /** Names the stream in the log (a member, a post). */
    private readonly label: Record<string, string>,
  ) {}

  get isOpen(): boolean {
    return !this.ended;
  }

  send(text: string) {
    if (this.ended || this.res.destroyed) return;
    this.res.write(text);
    if (this.res.writableLength > MAX_BUFFERED_BYTES) {
      this.logger.warn(this.label, 'live stream reader too slow; closing it');
      // Counted: a rising rate means readers (or this instance) cannot keep up (an alert's input).
      telemetry().sseDropped.add(1);
      this.end();
    }
  }

  heartbeat() {
    this.send(SSE_HEARTBEAT);
  }

  /** Ends the stream; on shutdown the connection goes too, or it would linger as keep-alive. */
  end(options: { closeConnection?: boolean } = {}) {
    if (this.ended) return;
    this.ended = true;
    if (this.res.writableEnded) return;
    this.res.end(() => {
      if (options.closeConnection) this.res.socket?.destroy();
    });
  }
}
