import { memberLimitsOn } from '@waco/platform';
import type { PostsServiceOptions } from './service';

/** Posts' settings from the environment (MEMBER_LIMITS), read once at start (`main.ts`). */
export function readPostsSettings(env: NodeJS.ProcessEnv = process.env): PostsServiceOptions {
  return { memberLimits: memberLimitsOn(env) };
}
