import { type CreatePostCommand, DUPLICATE_POST, duplicateKeyOf, POSTING_LIMITS } from '@waco/contracts';
import { type MemberActivity, RuleBroken, refuseOverLimit } from '@waco/platform';

/** What the command gathers for the posting limits (db/posting-activity.ts). */
export interface PostingFacts {
  activity: MemberActivity;
  /** `duplicateKeyOf` the member's posts of the last day. */
  recentPostKeys: ReadonlySet<string>;
}

/**
 * A member may post while under their limits (POSTING_LIMITS: 429 with when to try again), and
 * not the same words twice in a day (409: edit that post instead).
 */
export function refuseOverPostingLimits(facts: PostingFacts, post: CreatePostCommand, now: Date): void {
  refuseOverLimit('post', POSTING_LIMITS, facts.activity, now);
  if (facts.recentPostKeys.has(duplicateKeyOf(post))) throw new RuleBroken(DUPLICATE_POST, { status: 409 });
}
