import type { CommunityEvent } from '@waco/contracts';
import { t } from '../../../i18n/i18n';

/** "7 of 10 going", or "7 going" with no limit, and the waitlist's length when there is one. */
export function placesLine(event: CommunityEvent): string {
  const going =
    event.maxAttendees === null
      ? t('{count} going', { count: event.attendeesCount })
      : t('{count} of {max} going', { count: event.attendeesCount, max: event.maxAttendees });
  return event.waitlistCount > 0
    ? `${going} · ${t('{count} on the waitlist', { count: event.waitlistCount })}`
    : going;
}

/** The reader's own place: "You're going" or "You're on the waitlist"; null for none. */
export function statusLine(event: CommunityEvent): string | null {
  if (event.myStatus === 'attending') return t("You're going");
  if (event.myStatus === 'waitlisted') return t("You're on the waitlist");
  return null;
}
