import { memberLimitsOn } from '@waco/platform';
import type { MessagingServiceOptions } from './service';

/** Messaging's settings from the environment (MEMBER_LIMITS), read once at start (`main.ts`). */
export function readMessagingSettings(env: NodeJS.ProcessEnv = process.env): MessagingServiceOptions {
  return { memberLimits: memberLimitsOn(env) };
}
