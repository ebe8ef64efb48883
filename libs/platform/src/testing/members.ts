import { EmailVerified, type MemberLimits } from '@waco/contracts';
import type { EventBus } from '../bus/event-bus';
import { publishAs, publishUserRegistered } from './events';

// Members as the limits per member see them (libs/contracts' member-limits.ts): how old their
// account is, and whether their email is verified.

const DAY_MS = 86_400_000;

/**
 * Plays identity: a member who registered `daysAgo` days ago, their email verified then or not.
 * Answers their id; the caller waits until its service knows them.
 */
export async function publishMember(bus: EventBus, daysAgo = 0, verified = false): Promise<string> {
  const registeredAt = new Date(Date.now() - daysAgo * DAY_MS).toISOString();
  const { userId } = await publishUserRegistered(bus, { registeredAt });
  if (verified)
    await publishAs(bus, EmailVerified, { userId, verifiedAt: registeredAt }, { streamId: `user-${userId}` });
  return userId;
}

/** How many a new (or unverified) account may do in an hour under `limits`. */
export function newAccountHourly(limits: MemberLimits): number {
  const hour = limits.newAccount.find((w) => w.per === 'hour');
  if (!hour) throw new Error('these limits have no hourly window for new accounts');
  return hour.max;
}
