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
  let starting: Promise<T> | undefined;
  let ready = false;
  beforeAll(async () => {
    starting = start();
    Object.assign(started, await starting);
    ready = true;
    await seed?.(started);
  }, timeoutMs);
  afterAll(async () => {
    // A start that outlived its hook's timeout still finishes: what it started is stopped then,
    // or its processes would outlive the run. Nothing is there when `start` failed: that failure
    // is the one to read.
    const late = ready ? started : await starting?.catch(() => undefined);
    await late?.stop();
  });
  return started;
}
