import { sleep } from './backoff';

/** A wake-up this soon after the last run's end means a steady stream of work. */
const BUSY_MS = 20;
/** How long a run then waits for more to arrive. */
const LINGER_MS = 4;

/**
 * For a loop that handles what has arrived in runs (the outbox relay's reads, a consumer's
 * batches): under a steady stream (woken within 20 ms of the last run's end) a run first waits
 * 4 ms, so that one round trip and one commit carry what arrived meanwhile rather than one each;
 * an idle loop runs at once. Latency grows by at most those 4 ms, only under load.
 */
export class Linger {
  private endedAt = Number.NEGATIVE_INFINITY;

  /** Resolves when the run may start. */
  async beforeRun(): Promise<void> {
    if (performance.now() - this.endedAt < BUSY_MS) await sleep(LINGER_MS);
  }

  runEnded() {
    this.endedAt = performance.now();
  }
}
