import { CITY_TIME_ZONE } from '@waco/contracts';
import { intlLocale } from '../../../i18n/language';

// Events happen in Waco: their times are shown, typed and laid out on the calendar in Waco's
// zone (America/Chicago), whatever the reader's device says, and across daylight-saving changes.

const offsets = new Intl.DateTimeFormat('en-US', { timeZone: CITY_TIME_ZONE, timeZoneName: 'longOffset' });
const dayKeys = new Intl.DateTimeFormat('en-CA', {
  timeZone: CITY_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const wallClock = new Intl.DateTimeFormat('en-CA', {
  timeZone: CITY_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** Waco's offset from UTC at an instant: "-05:00" in summer, "-06:00" in winter. */
function offsetAt(instant: Date): string {
  const name = offsets.formatToParts(instant).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const offset = name.replace('GMT', '');
  return offset === '' ? '+00:00' : offset;
}

/**
 * A Waco wall time as a datetime-local input gives it ("2026-06-01T18:00") as an ISO time with
 * Waco's offset on that day ("2026-06-01T18:00:00-05:00").
 */
export function wacoWallTimeToIso(local: string): string {
  const asUtc = new Date(`${local}:00Z`);
  // The offset at the guessed instant, then at the instant it gives (right across a change).
  const first = offsetAt(asUtc);
  const second = offsetAt(new Date(`${local}:00${first}`));
  return `${local}:00${second}`;
}

/** An instant as a datetime-local input's value in Waco ("2026-06-01T18:00"). */
export function isoToWacoWallTime(iso: string): string {
  const parts = Object.fromEntries(wallClock.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** The Waco day of an instant, "2026-06-01": events are put on the calendar by it. */
export const wacoDayKey = (instant: string | Date) => dayKeys.format(new Date(instant));

const longDates = new Map<string, Intl.DateTimeFormat>();
/** An event's full time in Waco, in the reader's language: "Saturday, June 1, 2026, 6:00 PM CDT". */
export function formatWacoLong(iso: string): string {
  const locale = intlLocale();
  let format = longDates.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      timeZone: CITY_TIME_ZONE,
      weekday: 'long',
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
    });
    longDates.set(locale, format);
  }
  return format.format(new Date(iso));
}

/** A month's name and year in the reader's language: "June 2026". */
export function formatMonth(year: number, month: number): string {
  return new Intl.DateTimeFormat(intlLocale(), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month, 1)),
  );
}

/** The weekdays' names, Sunday first, in the reader's language: short ("Sun") or narrow ("S"). */
export function weekdayNames(width: 'short' | 'narrow'): string[] {
  const format = new Intl.DateTimeFormat(intlLocale(), { weekday: width, timeZone: 'UTC' });
  // 2026-11-01 is a Sunday.
  return Array.from({ length: 7 }, (_, i) => format.format(new Date(Date.UTC(2026, 10, 1 + i))));
}

/** The year and month (0-11) it now is in Waco. */
export function wacoThisMonth(now = new Date()): { year: number; month: number } {
  const [year, month] = wacoDayKey(now).split('-').map(Number) as [number, number];
  return { year, month: month - 1 };
}
