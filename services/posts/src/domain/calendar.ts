import { icalendar } from '@waco/platform';

// A post's event as an .ics file: the RFC 5545 writing itself is the platform's (shared with
// groups' events); here only what a post's event says in a calendar.

/** What an event's calendar file is made from. */
export interface CalendarEvent {
  id: string;
  title: string;
  description: string;
  address: string | null;
  eventDate: string;
  updatedAt: string;
  cancelled: boolean;
  /** The post's page, when the app's address is known. */
  url?: string;
}

/** An event lasts an hour in the calendar: posts give a start only. */
const DURATION = 'PT1H';

/** One event as an iCalendar object (RFC 5545): CRLF line ends, folded lines, escaped text. */
export function calendarOf(event: CalendarEvent): string {
  return icalendar(
    [
      {
        id: event.id,
        title: event.title,
        description: event.description,
        // An event without an address (or an empty one) has no LOCATION.
        location: event.address || null,
        start: event.eventDate,
        end: { duration: DURATION },
        cancelled: event.cancelled,
        updatedAt: event.updatedAt,
        url: event.url,
      },
    ],
    { product: 'Posts' },
  );
}
