import { describe, expect, it } from 'vitest';
import { escapeText, foldLine, icalendar, utcDateTime } from '../src/calendar/icalendar';

// The RFC 5545 writer posts' and groups' calendar files share: what every calendar app needs of
// them to read them at all.
describe('iCalendar (RFC 5545)', () => {
  it('writes times in UTC, escapes text and folds long lines at 75 octets', () => {
    expect(utcDateTime('2030-02-01T09:00:00-06:00')).toBe('20300201T150000Z');
    expect(escapeText('Bring gloves; water, snacks\\\nand a hat')).toBe(
      'Bring gloves\\; water\\, snacks\\\\\\nand a hat',
    );
    expect(escapeText('a\r\nb')).toBe('a\\nb');
    const long = `SUMMARY:${'é'.repeat(60)}`;
    const folded = foldLine(long);
    const lines = folded.split('\r\n');
    for (const line of lines) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(lines.slice(1).every((line) => line.startsWith(' '))).toBe(true);
    expect(lines.map((line, i) => (i === 0 ? line : line.slice(1))).join('')).toBe(long);
    expect(
      foldLine('x'.repeat(150))
        .split('\r\n ')
        .map((l) => l.length),
    ).toEqual([75, 74, 1]);
  });

  it('writes an end or a duration, and leaves out what an event does not have', () => {
    const event = {
      id: 'e1',
      title: 'Porch concert',
      start: '2030-06-01T23:30:00.000Z',
      cancelled: true,
      updatedAt: '2030-01-01T00:00:00.000Z',
    };
    const withEnd = icalendar([{ ...event, end: { at: '2030-06-02T01:00:00.000Z' } }], {
      product: 'Tests',
      name: 'Mine, all',
    });
    expect(withEnd).toContain('PRODID:-//Waco Commons//Tests//EN\r\n');
    expect(withEnd).toContain('X-WR-CALNAME:Mine\\, all\r\n');
    expect(withEnd).toContain('DTSTART:20300601T233000Z\r\nDTEND:20300602T010000Z\r\n');
    expect(withEnd).toContain('STATUS:CANCELLED\r\n');
    expect(withEnd).not.toMatch(/DESCRIPTION|LOCATION|URL/);
    const withDuration = icalendar([{ ...event, end: { duration: 'PT1H' } }], { product: 'Tests' });
    expect(withDuration).toContain('DTSTART:20300601T233000Z\r\nDURATION:PT1H\r\n');
    expect(withDuration).not.toContain('X-WR-CALNAME');
  });
});
