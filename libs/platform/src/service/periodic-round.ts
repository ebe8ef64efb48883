import type { Logger } from '../logger';

export interface PeriodicRound<T> {
  /**
   * Runs a round now, or joins the one already running (never two at once in one process);
   * answers what the round answers.
   */
  runDue(): Promise<T>;
  /** Stops the timer and waits for a round under way to end. */
  stop(): Promise<void>;
}

/**
 * A round of work every `everyMs` (digests to queue, reminders to send), run by its timer or on
 * demand (`runDue`, which tests call with their own clock). A failed round is logged with
 * `failure` and tried again at the next tick; the timer does not keep the process alive. The
 * round itself claims its rows so that replicas never do the same work twice.
 */
export function startPeriodicRound<T>(
  timing: { everyMs: number; logger: Logger },
  /** The warning logged when a timed round fails. */
  failure: string,
  round: () => Promise<T>,
): PeriodicRound<T> {
  let running: Promise<T> | undefined;
  const runDue = () => {
    running ??= round().finally(() => {
      running = undefined;
    });
    return running;
  };
  const timer = setInterval(
    () => void runDue().catch((err) => timing.logger.warn({ err }, failure)),
    timing.everyMs,
  );
  timer.unref();
  return {
    runDue,
    async stop() {
      clearInterval(timer);
      await running?.catch(() => {});
    },
  };
}
