import type { JsMsg } from '@nats-io/jetstream';
import { backoffDelay, sleep } from '../../backoff';
import type { Logger } from '../../logger';
import type { NatsNames } from '../nats-subjects';
import type { Connection } from './connection';
import type { DeadLetters } from './dead-letters';
import type { StalledConsumers } from './stalled-consumers';
import type { Streams } from './streams';

/**
 * What every consume loop of the bus shares: whether the bus is closing, how each loop is
 * stopped, and the messages whose handler is running.
 */
export class ConsumeLoops {
  private closingNow = false;
  /** Settles when `close` starts: a consumer waiting out its backoff stops waiting. */
  private readonly closed: Promise<void>;
  private signalClosed!: () => void;
  /** Each stops one consume loop and resolves when its in-flight handler has finished. */
  private readonly stoppers: Array<() => Promise<void>> = [];
  /** Messages whose handler is running: handed back (nak) if the bus closes before they end. */
  readonly inFlight = new Set<JsMsg>();

  constructor() {
    this.closed = new Promise((resolve) => {
      this.signalClosed = resolve;
    });
  }

  get closing() {
    return this.closingNow;
  }

  /** Waits out a backoff delay, or less: until the bus starts closing. */
  pause(ms: number) {
    return Promise.race([sleep(ms), this.closed]);
  }

  /**
   * Opens again a consumer that ended, waiting out a backoff that grows from `attempt` before
   * each try, for as long as the bus is open: what `open` answered and the attempts counted so
   * far (a consumer that ends again at once backs off longer), or null once the bus is closing.
   */
  async reopen<T>(
    open: () => Promise<T>,
    attempt: number,
    cannotYet: (err: unknown, attempt: number) => void,
  ): Promise<{ opened: T; attempt: number } | null> {
    for (;;) {
      await this.pause(backoffDelay(attempt++));
      if (this.closing) return null;
      try {
        return { opened: await open(), attempt };
      } catch (err) {
        cannotYet(err, attempt);
      }
    }
  }

  /** Registers how to stop a loop: resolves once the loop has passed the messages already pulled. */
  add(stop: () => Promise<void>) {
    this.stoppers.push(stop);
  }

  /** Starts closing: every loop stops; settles when each has (its in-flight handler ended). */
  stopAll() {
    this.closingNow = true;
    this.signalClosed();
    return Promise.allSettled(this.stoppers.map((stop) => stop()));
  }

  /** Hands back every message whose handler is still running, so that another instance takes it now. */
  handBack() {
    for (const msg of this.inFlight) msg.nak();
  }
}

/** What a consumer of the bus is given: the connection, the streams, and the shared loop state. */
export interface ConsumerContext {
  connection: Connection;
  names: NatsNames;
  streams: Streams;
  deadLetters: DeadLetters;
  loops: ConsumeLoops;
  stalled: StalledConsumers;
  logger: Logger;
  /** How long the server waits for an ack before it redelivers (see DEFAULT_ACK_WAIT_MS). */
  ackWaitMs: number;
}
