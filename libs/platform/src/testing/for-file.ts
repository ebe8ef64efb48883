import { afterAll, beforeAll } from 'vitest';

// Apart from the rest of the kit (`@waco/platform/testing/for-file`): it registers Vitest hooks,
// and the kit is also read by the benchmarks, which run without Vitest.

/**
 * What `start` starts, for the tests of one file (or of the `describe` it is called in): started
 * before them, then `seed` runs on it; stopped after them. The object answered is filled in once
 * it runs, as the tests read it.
 */
export function startedForFile<T extends { stop(): unknown }>(
  start: () => Promise<T>,
  seed?: (started: T) => Promise<void>,
  timeoutMs?: number,
): T {
  const started = {} as T;
  beforeAll(async () => {
    Object.assign(started, await start());
    await seed?.(started);
  }, timeoutMs);
  afterAll(async () => {
    // Not there when `start` failed: that failure is the one to read.
    await started.stop?.();
  });
  return started;
}
