import { SESSION_LIFETIME_MS, truncateText } from '@waco/contracts';
import type { SessionData } from '../db/schema';

export { SESSION_LIFETIME_MS };

/** How often expired sessions are swept away (lookups refuse them in between). */
export const SESSION_SWEEP_INTERVAL_MS = 15 * 60 * 1000;

const USER_AGENT_MAX = 512;

export function sessionExpiry(now: Date): Date {
  return new Date(now.getTime() + SESSION_LIFETIME_MS);
}

/** A session is refused from the instant it expires. */
export function isExpired(expire: Date, now: Date): boolean {
  return expire.getTime() <= now.getTime();
}

/** The `sess` column of a new session. */
export function newSessionData(userId: string, now: Date, userAgent: string | undefined): SessionData {
  return {
    userId,
    createdAt: now.toISOString(),
    userAgent: userAgent === undefined ? null : truncateText(userAgent, USER_AGENT_MAX, ''),
  };
}
