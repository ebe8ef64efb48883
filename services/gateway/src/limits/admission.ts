import { observeGauge, telemetry } from '@waco/platform';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * How much the gateway lets through to the services at once (ADMISSION_* in config.ts).
 *
 * Past the stack's knee every request waits for every other (a 2-core stack at 500 users: p99 of
 * 2-4 s on all of them). Holding the requests in flight to what the services serve promptly, with
 * a short queue for bursts, keeps the admitted ones fast; the rest are refused at once, 503 with
 * `Retry-After`, which the web app retries with backoff (web/src/api/http.ts). Nothing refused
 * here reached a service, so nothing is half done.
 */
export interface AdmissionLimits {
  /** Requests forwarded at once (per gateway process). */
  inFlight: number;
  /** Requests waiting for a place; one more is refused at once. */
  queue: number;
  /** The longest a request waits for a place while the queue comes and goes (a burst). */
  queueWaitMs: number;
  /** The longest it waits once the queue has stood for `standingMs` without emptying (an overload). */
  overloadWaitMs: number;
  /** How long a queue that never empties takes to count as an overload rather than a burst. */
  standingMs: number;
}

/**
 * Measured on 2 cores (`bench/load.ts --overload 800` and `--knee`, docs/performance.md): 32 in
 * flight keeps the knee and holds the admitted requests' p99 at twice the knee near half a
 * second (1.7 s with 64). The queue is what tells a burst from an overload, as CoDel does for a
 * router's (Nichols and Jacobson, "Controlling Queue Delay", 2012; Facebook's server queues use
 * it the same way): a queue that empties now and then is a burst, and its requests may wait up
 * to 2 s (50 members answering one event at once queue on its stream, one after the other: 2.4 s
 * for all of them on a loaded machine, test/e2e/groups.test.ts, whose last requests reach the
 * gateway a moment after the first); one that has not emptied for half a second is more than the
 * stack serves, and a newcomer waits at most 10 ms before its 503, so the refused learn it at
 * once and the admitted do not queue. The queue's length bounds the wait while the stack serves
 * (64 at 400 requests/s: 160 ms); the waits bound it when the stack stalls.
 */
export const DEFAULT_ADMISSION: AdmissionLimits = {
  inFlight: 32,
  queue: 64,
  queueWaitMs: 2_000,
  overloadWaitMs: 10,
  standingMs: 500,
};

/** What the refused are told, and when to come back. */
export const BUSY_MESSAGE = 'The server is busy right now. Please try again in a moment.';
const RETRY_AFTER_S = 1;

interface Waiter {
  admit: () => void;
  timer: ReturnType<typeof setTimeout>;
}

/** The places and the queue, counted in this process. */
export class Admission {
  private active = 0;
  private readonly waiting: Waiter[] = [];
  /** When the queue was last empty: a queue standing longer than `standingMs` is an overload. */
  private emptyAt = performance.now();
  /** When a request was last refused: an overload lasts while the refusals go on. */
  private refusedAt = Number.NEGATIVE_INFINITY;
  constructor(
    private readonly limits: AdmissionLimits,
    private readonly now: () => number = () => performance.now(),
  ) {}

  get inFlight() {
    return this.active;
  }

  /**
   * Whether the queue has stood, never empty, for longer than a burst lasts, or an overload
   * found so is still refusing. The second matters: in an overload the short waits empty the
   * queue now and then, and were that a burst again, the next newcomers would wait the long wait
   * and every admitted request would queue behind them (measured: the admitted p50 doubled).
   */
  get overloaded() {
    const now = this.now();
    if (this.waiting.length > 0 && now - this.emptyAt > this.limits.standingMs) return true;
    return now - this.refusedAt < this.limits.standingMs;
  }

  /**
   * Calls `admitted` with the function that gives the place back (at once, or once one is free
   * within the queue's wait), or `refused`. Each place is given back once.
   */
  enter(admitted: (leave: () => void) => void, refused: () => void) {
    if (this.active < this.limits.inFlight) return admitted(this.place());
    if (this.waiting.length >= this.limits.queue) return this.refuse(refused);
    if (this.waiting.length === 0) this.emptyAt = this.now();
    const wait = this.overloaded ? this.limits.overloadWaitMs : this.limits.queueWaitMs;
    const waiter: Waiter = {
      admit: () => admitted(this.place()),
      timer: setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(waiter), 1);
        this.noteIfEmpty();
        this.refuse(refused);
      }, wait),
    };
    this.waiting.push(waiter);
  }

  private noteIfEmpty() {
    if (this.waiting.length === 0) this.emptyAt = this.now();
  }

  private refuse(refused: () => void) {
    this.refusedAt = this.now();
    telemetry().admissionRefused.add(1);
    refused();
  }

  private place() {
    this.active++;
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      this.active--;
      // The place goes to the longest waiting, first come first served.
      const next = this.waiting.shift();
      if (next) {
        this.noteIfEmpty();
        clearTimeout(next.timer);
        next.admit();
      }
    };
  }
}

/**
 * Counts the requests of `app`'s routes (the forwarded ones) against `admission`, except those
 * `exempt` names: a live stream stays open for as long as the reader looks, and holding a place
 * for it would soon leave none.
 */
export function admitWithin(
  app: FastifyInstance,
  admission: Admission,
  exempt: (req: FastifyRequest) => boolean,
) {
  const unobserve = observeGauge(
    'waco.gateway.admission.in_flight',
    { description: 'Requests the gateway has forwarded and not yet answered', unit: '{request}' },
    (report) => report(admission.inFlight),
  );
  app.addHook('onClose', (_, done) => {
    unobserve();
    done();
  });
  app.addHook('onRequest', (req: FastifyRequest, reply: FastifyReply, done: () => void) => {
    if (exempt(req)) return done();
    admission.enter(
      (leave) => {
        // 'close' comes once the answer is sent or the connection is gone, whichever is first.
        reply.raw.once('close', leave);
        // A reader who left while waiting takes no place from the others.
        if (req.raw.destroyed) leave();
        done();
      },
      () => {
        reply
          .status(503)
          .header('retry-after', String(RETRY_AFTER_S))
          .header('cache-control', 'no-store')
          .send({ message: BUSY_MESSAGE });
      },
    );
  });
}
