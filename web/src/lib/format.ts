import { excerptOf, META_DESCRIPTION_MAX } from '@waco/contracts';

// Shared with the link previews the gateway writes.
export { formatEventDate, formatPrice } from '@waco/contracts';

const units: [limitSeconds: number, seconds: number, name: string][] = [
  [3600, 60, 'minute'],
  [86_400, 3600, 'hour'],
  [30 * 86_400, 86_400, 'day'],
  [365 * 86_400, 30 * 86_400, 'month'],
  [Number.POSITIVE_INFINITY, 365 * 86_400, 'year'],
];

/** "… ago": "less than a minute ago", "5 minutes ago", "about 1 hour ago", "3 days ago". */
export function timeAgo(iso: string, now: number = Date.now()): string {
  const seconds = Math.max(0, (now - new Date(iso).getTime()) / 1000);
  if (seconds < 60) return 'less than a minute ago';
  for (const [limit, size, name] of units) {
    if (seconds < limit) {
      const n = Math.max(1, Math.round(seconds / size));
      const about = name === 'hour' || name === 'month' || name === 'year' ? 'about ' : '';
      return n === 1 ? `${about}1 ${name} ago` : `${n} ${name}s ago`;
    }
  }
  return 'a long time ago';
}

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
