import { describe, expect, it } from 'vitest';
import { initialOf } from '../src/features/auth/hooks/current-user';
import { excerpt, formatEventDate, formatPrice, timeAgo, titleCaseWords } from '../src/lib/format';

describe('price', () => {
  it('is "$" with two decimals', () => {
    expect(formatPrice('25')).toBe('$25.00');
    expect(formatPrice('5.5')).toBe('$5.50');
    expect(formatPrice('0.00')).toBe('$0.00');
    expect(formatPrice('1250.75')).toBe('$1,250.75');
    expect(formatPrice(99999999.99)).toBe('$99,999,999.99');
  });
  it('is absent when there is none', () => {
    expect(formatPrice(null)).toBeNull();
    expect(formatPrice('')).toBeNull();
    expect(formatPrice('abc')).toBeNull();
  });
});

describe('event date', () => {
  it('is en-US with short weekday, short month, day, hour and minute', () => {
    expect(formatEventDate('2025-06-01T23:00:00Z', 'America/Chicago')).toBe('Sun, Jun 1, 6:00 PM');
    expect(formatEventDate('2025-12-12T20:30:00Z', 'America/Chicago')).toBe('Fri, Dec 12, 2:30 PM');
    expect(formatEventDate('2026-01-03T09:05:00Z', 'UTC')).toBe('Sat, Jan 3, 9:05 AM');
  });
});

describe('relative time and names', () => {
  const now = Date.parse('2025-06-01T12:00:00Z');
  it('reads "... ago"', () => {
    expect(timeAgo('2025-06-01T11:59:30Z', now)).toBe('less than a minute ago');
    expect(timeAgo('2025-06-01T11:59:00Z', now)).toBe('1 minute ago');
    expect(timeAgo('2025-06-01T11:15:00Z', now)).toBe('45 minutes ago');
    expect(timeAgo('2025-06-01T11:00:00Z', now)).toBe('about 1 hour ago');
    expect(timeAgo('2025-05-29T12:00:00Z', now)).toBe('3 days ago');
    expect(timeAgo('2024-05-01T12:00:00Z', now)).toBe('about 1 year ago');
  });
  it('title-cases snake_case neighbourhoods', () => {
    expect(titleCaseWords('cameron_park')).toBe('Cameron Park');
    expect(titleCaseWords('downtown')).toBe('Downtown');
  });
  it('cuts meta descriptions at 160 characters', () => {
    expect(excerpt('a '.repeat(200))).toHaveLength(160);
    expect(excerpt('short')).toBe('short');
  });
  it('never cuts a meta description inside an emoji, a flag or a ZWJ family', () => {
    for (const emoji of ['😀', '🇺🇸', '👩‍👩‍👧', 'e\u0301']) {
      const cut = excerpt(`${'a'.repeat(158)}${emoji}${emoji} more`);
      expect(cut).toBe(`${'a'.repeat(158)}${emoji}…`);
    }
  });
  it("takes an avatar's letter whole", () => {
    expect(initialOf({ firstName: '👩‍👩‍👧 family' })).toBe('👩‍👩‍👧');
    expect(initialOf({ firstName: 'émile' })).toBe('É');
    expect(initialOf({ firstName: null, email: 'ada@example.com' })).toBe('A');
  });
});
