/**
 * Resolves as soon as `predicate` holds (it may be async), checking every `intervalMs`; rejects
 * with `message` (or a default) once `timeoutMs` has passed. Tests await conditions with it
 * instead of sleeping for a guessed time.
 */
export async function waitFor(
  predicate: () => boolean | Promise<boolean>,
  timeoutMs = 5_000,
  message = 'condition',
  intervalMs = 10,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      if (await predicate()) return;
      lastError = undefined;
    } catch (err) {
      lastError = err;
    }
    if (Date.now() >= deadline) {
      const cause = lastError ? ` (last error: ${(lastError as Error).message ?? String(lastError)})` : '';
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${message}${cause}`);
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
