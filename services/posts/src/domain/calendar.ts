import { BRAND } from '@waco/contracts';

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
const MAX_LINE_OCTETS = 75;

/** RFC 5545 TEXT (3.3.11): backslash, semicolon and comma escaped, line breaks as `\n`. */
export function escapeText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** A UTC DATE-TIME in the basic format: 20300601T233000Z. */
export function utcDateTime(iso: string): string {
  return `${new Date(iso)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')}`;
}

/**
 * RFC 5545 3.1: a content line longer than 75 octets is folded by CRLF and one space; a line is
 * never split inside a UTF-8 character (nor, here, inside a grapheme's code point).
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

/** One event as an iCalendar object (RFC 5545): CRLF line ends, folded lines, escaped text. */
export function calendarOf(event: CalendarEvent): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${BRAND}//Posts//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${event.id}@waco-commons`,
    `DTSTAMP:${utcDateTime(event.updatedAt)}`,
    `LAST-MODIFIED:${utcDateTime(event.updatedAt)}`,
    `DTSTART:${utcDateTime(event.eventDate)}`,
    `DURATION:${DURATION}`,
    `SUMMARY:${escapeText(event.title)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    ...(event.address ? [`LOCATION:${escapeText(event.address)}`] : []),
    ...(event.url ? [`URL:${event.url}`] : []),
    `STATUS:${event.cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
