import { afterAll, beforeAll } from 'vitest';
import { ApiClient } from './api';
import { startWebStack, type WebStack } from './harness';

/**
 * The web stack of one test file: started before its tests, then `seed` runs with an API
 * client on it; stopped after them. The object answered is filled in once the stack runs.
 */
export function webStackForFile(
  seed?: (api: ApiClient, web: WebStack) => Promise<void>,
  timeoutMs = 120_000,
  options: Parameters<typeof startWebStack>[0] = {},
): WebStack {
  const web = {} as WebStack;
  beforeAll(async () => {
    Object.assign(web, await startWebStack(options));
    await seed?.(new ApiClient(web.url), web);
  }, timeoutMs);
  afterAll(async () => {
    await web.stop?.();
  });
  return web;
}
