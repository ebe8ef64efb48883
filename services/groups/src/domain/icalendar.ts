import { icalendar as writeCalendar } from '@waco/platform';

// Groups' events as iCalendar: the RFC 5545 writing itself is the platform's (shared with posts'
// event files); here only what a community event says in a calendar.

/** An event as a calendar shows it. */
export interface CalendarEntry {
  id: string;
  title: string;
  description: string | null;
  location: string;
  startDate: string;
  endDate: string | null;
  cancelled: boolean;
  updatedAt: string;
  /** Its page, for the calendar's link. */
  url?: string;
}

/** Without an end, an event is shown an hour long. */
const DEFAULT_LENGTH_MS = 60 * 60 * 1000;

/** A calendar of the entries, CRLF line ends, each line folded. */
export function icalendar(entries: readonly CalendarEntry[], name?: string): string {
  return writeCalendar(
    entries.map((entry) => ({
      id: entry.id,
      title: entry.title,
      // An empty description is left out, as a missing one.
      description: entry.description || null,
      location: entry.location,
      start: entry.startDate,
      end: {
        at: entry.endDate ?? new Date(new Date(entry.startDate).getTime() + DEFAULT_LENGTH_MS).toISOString(),
      },
      cancelled: entry.cancelled,
      updatedAt: entry.updatedAt,
      url: entry.url,
    })),
    { product: 'Community events', name },
  );
}
