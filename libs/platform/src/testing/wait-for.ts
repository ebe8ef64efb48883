/** What `waitFor` keeps waiting on: nothing found yet, or a condition that does not hold yet. */
type NotYet = undefined | false;

/**
 * Resolves with the first answer of `probe` (it may be async) that is neither undefined nor
 * false, checking every `intervalMs`; a probe that throws is tried again. Rejects naming `what`
 * (and the last error) once `timeoutMs` has passed. Tests await conditions with it instead of
 * sleeping for a guessed time. Events travel through the outbox relay, which publishes only below
 * the oldest transaction open anywhere in the cluster: another test file holding a transaction
 * delays them, hence the generous default.
 */
export async function waitFor<T>(
  probe: () => T | Promise<T>,
  timeoutMs = 20_000,
  what = 'a condition',
  intervalMs = 10,
): Promise<Exclude<T, NotYet>> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined && value !== false) return value as Exclude<T, NotYet>;
      lastError = undefined;
    } catch (err) {
      lastError = err;
    }
    if (Date.now() >= deadline) {
      const cause = lastError ? ` (last error: ${(lastError as Error).message ?? String(lastError)})` : '';
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}${cause}`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** A promise with its resolve and reject exposed (a gate a test opens or breaks). */
export function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
