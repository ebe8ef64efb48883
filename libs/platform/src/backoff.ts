/** How long to wait before reconnecting, after `attempt` failures in a row (0 = the first). */
export interface Backoff {
  /** The first wait. */
  initialMs: number;
  /** The longest wait: a connection that stays down is tried this often, for the process's life. */
  maxMs: number;
}

export const RECONNECT_BACKOFF: Backoff = { initialMs: 100, maxMs: 5_000 };

/**
 * Exponential backoff with jitter: a random wait between half and all of
 * `min(maxMs, initialMs * 2^attempt)`, so that instances that lost a server together do not all
 * knock on it again in the same instant.
 */
export function backoffDelay(attempt: number, backoff: Backoff = RECONNECT_BACKOFF): number {
  const ceiling = Math.min(backoff.maxMs, backoff.initialMs * 2 ** Math.min(attempt, 30));
  return Math.round(ceiling / 2 + (Math.random() * ceiling) / 2);
}

/** Resolves after `ms`; the timer never holds a stopping process. */
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());
