import { BLOCKED_MESSAGING } from '@waco/contracts';
import { RuleBroken, refuseSuspended, type Suspension } from '@waco/platform';

/** What moderation decided about a message's two members, as messaging's copy says. */
export interface MessagingModerationFacts {
  /** One of the two blocked the other. */
  blocked: boolean;
  /** The sender's suspension, null when not suspended. */
  senderSuspension: Suspension;
}

/** A suspended sender, or a blocked pair, is refused with 403 and the reason. */
export function refuseModerated(facts: MessagingModerationFacts | undefined): void {
  if (!facts) return;
  refuseSuspended(facts.senderSuspension);
  if (facts.blocked) throw new RuleBroken(BLOCKED_MESSAGING, { status: 403 });
}
