// iCalendar (RFC 5545) written by hand: a handful of properties, escaped and folded as the RFC
// says, needs no library. Times are written in UTC (`…Z`), as the events keep them, so every
// calendar shows them in its own zone.

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

const PRODUCT_ID = '-//Waco Commons//Community events//EN';
/** Without an end, an event is shown an hour long. */
const DEFAULT_LENGTH_MS = 60 * 60 * 1000;

/** A date and time in UTC as RFC 5545 writes it: 20260601T230000Z. */
export function utcStamp(iso: string): string {
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
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    // The first line holds 75 octets; the others 74 after their leading space.
    const limit = out.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

function eventLines(entry: CalendarEntry): string[] {
  const end =
    entry.endDate ?? new Date(new Date(entry.startDate).getTime() + DEFAULT_LENGTH_MS).toISOString();
  return [
    'BEGIN:VEVENT',
    `UID:${entry.id}@waco-commons`,
    `DTSTAMP:${utcStamp(entry.updatedAt)}`,
    `LAST-MODIFIED:${utcStamp(entry.updatedAt)}`,
    `DTSTART:${utcStamp(entry.startDate)}`,
    `DTEND:${utcStamp(end)}`,
    `SUMMARY:${escapeText(entry.title)}`,
    ...(entry.description ? [`DESCRIPTION:${escapeText(entry.description)}`] : []),
    `LOCATION:${escapeText(entry.location)}`,
    ...(entry.url ? [`URL:${entry.url}`] : []),
    `STATUS:${entry.cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    'END:VEVENT',
  ];
}

/** A calendar of the entries, CRLF line ends, each line folded. */
export function icalendar(entries: readonly CalendarEntry[], name?: string): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${PRODUCT_ID}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...(name ? [`X-WR-CALNAME:${escapeText(name)}`] : []),
    ...entries.flatMap(eventLines),
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
