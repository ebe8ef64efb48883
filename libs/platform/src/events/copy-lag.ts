import { sleep } from '../backoff';

/** How often a read of a copy that is not there yet is tried again. */
const LOOK_AGAIN_MS = 100;

/**
 * Reads a copy fed by another service's events until `ready` says it holds what the request
 * names, or `waitMs` has passed, and answers the last read either way (the caller refuses what is
 * still missing). A request sent right after the thing it names (an upload, a membership, a
 * comment reported) may reach this service before that thing's event does.
 */
export async function readCopyWhenCaughtUp<T>(
  read: () => Promise<T>,
  ready: (value: T) => boolean,
  waitMs: number,
): Promise<T> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const value = await read();
    if (ready(value) || Date.now() >= deadline) return value;
    await sleep(LOOK_AGAIN_MS);
  }
}
