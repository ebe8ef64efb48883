import { createHash, randomBytes } from 'node:crypto';
import { handleCommand } from '@waco/platform';
import { calendarFeedDecider, calendarFeedStream } from '../domain/calendar-feeds';
import type { GroupsDeps } from './deps';

/** The hash a calendar address's secret is kept as: the log and the tables never hold the secret. */
export const tokenHashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * A new secret address of the member's calendar (webcal-able): the path answers the events they
 * attend to whoever holds it, so the old address stops working once a new one is made.
 */
export async function openCalendarFeed(deps: GroupsDeps, userId: string) {
  const token = randomBytes(32).toString('base64url');
  await handleCommand(
    deps.events,
    calendarFeedStream(userId),
    calendarFeedDecider,
    { userId, tokenHash: tokenHashOf(token), now: deps.now() },
    { actorId: userId },
  );
  return { path: `/api/calendar/${token}.ics` };
}
