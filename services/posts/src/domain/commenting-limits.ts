import { COMMENT_LIMITS } from '@waco/contracts';
import { type MemberActivity, refuseOverLimit } from '@waco/platform';

/**
 * A member may comment (or reply) while under their limits (COMMENT_LIMITS: 429 saying which and
 * when to try again, with Retry-After).
 */
export function refuseOverCommentingLimits(activity: MemberActivity, now: Date): void {
  refuseOverLimit('comment', COMMENT_LIMITS, activity, now);
}
