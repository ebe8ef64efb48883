import { suspendedMessage } from '@waco/contracts';
import { RuleBroken } from '../events/rule-broken';

/** A member's suspension as a command gathers it (its note), null when not suspended. */
export type Suspension = { note: string | null } | null;

/**
 * The one refusal of a suspended member (403, telling them why), for deciders: the command
 * gathers the suspension (moderation's own table, or a service's copy of its events).
 */
export function refuseSuspended(suspension: Suspension | undefined): void {
  if (suspension) throw new RuleBroken(suspendedMessage(suspension.note), { status: 403 });
}
