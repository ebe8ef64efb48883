import { FIRST_MESSAGE_LIMITS } from '@waco/contracts';
import { type MemberActivity, refuseOverLimit } from '@waco/platform';

/** What the command gathers for the limit on messaging new people (db/first-messages.ts). */
export type FirstMessageFacts = { talkedBefore: true } | { talkedBefore: false; activity: MemberActivity };

/**
 * A member may message people they have talked with freely; someone new only while under their
 * limit (FIRST_MESSAGE_LIMITS: 429 with when to try again).
 */
export function refuseOverFirstMessageLimits(facts: FirstMessageFacts, now: Date): void {
  if (!facts.talkedBefore) refuseOverLimit('first-message', FIRST_MESSAGE_LIMITS, facts.activity, now);
}
