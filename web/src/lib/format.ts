import {
  formatPrice as englishPrice,
  formatEventDate as eventDateIn,
  excerptOf,
  META_DESCRIPTION_MAX,
} from '@waco/contracts';
import { msg, t } from '../i18n/i18n';
import { currentLanguage, intlLocale } from '../i18n/language';
import { renderNow } from '../ui/server-view';

// English is the spec's wording, shared with the link previews the gateway writes; other
// languages format with Intl in their own locale.

// Intl formatters are kept per locale: making one costs milliseconds on a slow phone, and a
// page of cards formats dozens of prices, times and dates.
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>();
function formatter<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>(
  kind: string,
  make: (locale: string) => T,
): T {
  const key = `${kind}|${intlLocale()}`;
  let made = formatters.get(key) as T | undefined;
  if (!made) {
    made = make(intlLocale());
    formatters.set(key, made);
  }
  return made;
}

/** A price in the active locale: "$25.00" in English. Null for no or bad price. */
export function formatPrice(price: string | number | null | undefined): string | null {
  if (currentLanguage() === 'en') return englishPrice(price);
  if (price === null || price === undefined || price === '') return null;
  const value = Number(price);
  if (!Number.isFinite(value)) return null;
  return formatter('price', (l) => new Intl.NumberFormat(l, { style: 'currency', currency: 'USD' })).format(
    value,
  );
}

/** An event's date and time in the active locale: "Sat, Jun 1, 6:00 PM" in English. */
export function formatEventDate(iso: string, timeZone?: string): string {
  return eventDateIn(iso, timeZone, currentLanguage() === 'en' ? undefined : intlLocale());
}

/** A clock time in the active locale: "6:05 PM". */
export function formatClock(iso: string | number | Date): string {
  return formatter('clock', (l) => new Intl.DateTimeFormat(l, { hour: 'numeric', minute: '2-digit' })).format(
    new Date(iso),
  );
}

/** A day of the month in the active locale: "Nov 24". */
export function formatDayMonth(iso: string | number | Date): string {
  return formatter('day-month', (l) => new Intl.DateTimeFormat(l, { month: 'short', day: 'numeric' })).format(
    new Date(iso),
  );
}

/** toLocaleString's own fields: "11/26/2026, 12:50:00 PM". */
const DATE_TIME: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
};

/** A full date and time in the active locale, for tooltips. */
export function formatDateTime(iso: string | number | Date): string {
  return formatter('date-time', (l) => new Intl.DateTimeFormat(l, DATE_TIME)).format(new Date(iso));
}

const units: [limitSeconds: number, seconds: number, name: string][] = [
  [3600, 60, 'minute'],
  [86_400, 3600, 'hour'],
  [30 * 86_400, 86_400, 'day'],
  [365 * 86_400, 30 * 86_400, 'month'],
  [Number.POSITIVE_INFINITY, 365 * 86_400, 'year'],
];

/**
 * "… ago": "less than a minute ago", "5 minutes ago", "about 1 hour ago", "3 days ago"; other
 * languages through Intl.RelativeTimeFormat ("hace 5 minutos").
 */
export function timeAgo(iso: string, now: number = renderNow()): string {
  const seconds = Math.max(0, (now - new Date(iso).getTime()) / 1000);
  if (seconds < 60) return t('less than a minute ago');
  for (const [limit, size, name] of units) {
    if (seconds < limit) {
      const n = Math.max(1, Math.round(seconds / size));
      if (currentLanguage() !== 'en') {
        return formatter('relative', (l) => new Intl.RelativeTimeFormat(l)).format(
          -n,
          name as Intl.RelativeTimeFormatUnit,
        );
      }
      const about = name === 'hour' || name === 'month' || name === 'year' ? 'about ' : '';
      return n === 1 ? `${about}1 ${name} ago` : `${n} ${name}s ago`;
    }
  }
  return t('a long time ago');
}

/**
 * The neighbourhoods whose name says what they are, translated ("Downtown" is "Centro"); Waco's
 * proper names stay as they are ("Cameron Park", "Sanger Heights").
 */
const DESCRIPTIVE_PLACES: Record<string, string> = { downtown: msg('Downtown'), other: msg('Other') };

/** A neighbourhood's name in the reader's language. */
export const placeName = (value: string) => {
  const descriptive = DESCRIPTIVE_PLACES[value];
  return descriptive ? t(descriptive) : titleCaseWords(value);
};

/** snake_case shown title-cased with spaces: "cameron_park" → "Cameron Park". */
export function titleCaseWords(value: string): string {
  return value
    .split('_')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** A description cut for a meta tag: whitespace folded, at most 160 user-perceived characters. */
export function excerpt(text: string, max = META_DESCRIPTION_MAX): string {
  return excerptOf(text, max);
}
