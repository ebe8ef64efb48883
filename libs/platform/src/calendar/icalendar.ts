import { BRAND } from '@waco/contracts';

// iCalendar (RFC 5545) written by hand: a handful of properties, escaped and folded as the RFC
// says, needs no library. Posts' event files and groups' event files and feeds all write it, so
// the rules live here once. Times are written in UTC (`…Z`), as the services keep them, so every
// calendar shows them in its own zone.

/** One VEVENT, in the services' terms. */
export interface ICalendarEvent {
  /** Unique across the app: the UID is `<id>@waco-commons`. */
  id: string;
  title: string;
  /** Left out when null. */
  description?: string | null;
  /** Left out when null. */
  location?: string | null;
  start: string;
  /** DTEND as an ISO time, or a DURATION such as `PT1H` for an event given a start only. */
  end: { at: string } | { duration: string };
  cancelled: boolean;
  updatedAt: string;
  /** Its page, for the calendar's link. */
  url?: string;
}

const MAX_LINE_OCTETS = 75;

/** A date and time in UTC as RFC 5545 writes it (the basic format): 20300601T233000Z. */
export function utcDateTime(iso: string): string {
  return new Date(iso)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** A TEXT value escaped (RFC 5545 3.3.11): backslash, semicolon, comma, and line breaks as \n. */
export function escapeText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/**
 * A content line folded (RFC 5545 3.1): at most 75 octets a line, each continuation starting
 * with a space, never cutting a UTF-8 character (nor a surrogate pair) in two.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    // The first line holds 75 octets; each continuation holds 74 after its leading space.
    const limit = parts.length === 0 ? MAX_LINE_OCTETS : MAX_LINE_OCTETS - 1;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

function eventLines(event: ICalendarEvent): string[] {
  return [
    'BEGIN:VEVENT',
    `UID:${event.id}@waco-commons`,
    `DTSTAMP:${utcDateTime(event.updatedAt)}`,
    `LAST-MODIFIED:${utcDateTime(event.updatedAt)}`,
    `DTSTART:${utcDateTime(event.start)}`,
    'at' in event.end ? `DTEND:${utcDateTime(event.end.at)}` : `DURATION:${event.end.duration}`,
    `SUMMARY:${escapeText(event.title)}`,
    ...(event.description != null ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
    ...(event.location != null ? [`LOCATION:${escapeText(event.location)}`] : []),
    ...(event.url ? [`URL:${event.url}`] : []),
    `STATUS:${event.cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    'END:VEVENT',
  ];
}

/**
 * A calendar of the events (CRLF line ends, each line folded). `product` names the writer in
 * PRODID; `name` is the calendar's own name, which subscribed feeds show.
 */
export function icalendar(
  events: readonly ICalendarEvent[],
  options: { product: string; name?: string },
): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${BRAND}//${options.product}//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...(options.name ? [`X-WR-CALNAME:${escapeText(options.name)}`] : []),
    ...events.flatMap(eventLines),
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
