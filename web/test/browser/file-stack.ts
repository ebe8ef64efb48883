import { startedForFile } from '@waco/platform/testing/for-file';
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
  return startedForFile(
    () => startWebStack(options),
    async (web) => seed?.(new ApiClient(web.url), web),
    timeoutMs,
  );
}
