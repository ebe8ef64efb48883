import { startedForFile } from '@waco/platform/testing/for-file';
import { ApiClient } from './api';
import { startWebStack, type WebStack } from './harness';

/**
 * The web stack of one test file, with an API client on it (`api`): started before its tests,
 * then `seed` runs with that client; stopped after them. The object answered is filled in once
 * the stack runs.
 */
export function webStackForFile(
  seed?: (api: ApiClient, web: WebStack) => Promise<void>,
  timeoutMs = 120_000,
  options: Parameters<typeof startWebStack>[0] = {},
): WebStack & { api: ApiClient } {
  return startedForFile(
    async () => {
      const web = await startWebStack(options);
      return { ...web, api: new ApiClient(web.url) };
    },
    async (web) => seed?.(web.api, web),
    timeoutMs,
  );
}
