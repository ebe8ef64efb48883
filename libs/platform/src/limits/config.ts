import { z } from 'zod';

/**
 * `MEMBER_LIMITS` (posts, messaging, `npm start`): `on` (the default) or `off`, for benchmarks and
 * tests that post in bulk from a few accounts, as RATE_LIMIT_PER_MINUTE is raised for them.
 */
export const memberLimitsVariable = z
  .enum(['on', 'off'], { error: 'MEMBER_LIMITS must be on or off' })
  .default('on');

/** Whether the environment leaves the limits per member on. */
export function memberLimitsOn(env: NodeJS.ProcessEnv = process.env): boolean {
  return memberLimitsVariable.parse(env.MEMBER_LIMITS) === 'on';
}
