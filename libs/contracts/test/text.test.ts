import { describe, expect, it } from 'vitest';
import {
  excerptOf,
  findUnsafeText,
  firstCharacter,
  MESSAGE_EXCERPT_LENGTH,
  messageExcerpt,
  truncateText,
  unsafeTextReason,
} from '../src';

/** True when the string holds no half of a surrogate pair (what Postgres' JSON accepts). */
const wellFormed = (s: string) =>
  !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(s);
const graphemesOf = (s: string) =>
  Array.from(new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(s), (g) => g.segment);
const graphemeCount = (s: string) => graphemesOf(s).length;

describe('truncateText / excerptOf: cut by user-perceived characters', () => {
  const family = '👩‍👩‍👧'; // three people joined by ZWJ: 8 code units, one character
  const flag = '🇺🇸'; // two regional indicators
  const accented = 'e\u0301'; // e + combining acute accent
  const thumbs = '👍🏽'; // emoji + skin tone modifier

  it.each([
    ['an emoji', '😀'],
    ['a ZWJ family', family],
    ['a flag', flag],
    ['a combining mark', accented],
    ['a skin-tone emoji', thumbs],
  ])('never splits %s at the boundary', (_name, character) => {
    for (let letters = 130; letters <= 141; letters++) {
      const text = `${'a'.repeat(letters)}${character}${'b'.repeat(20)}`;
      const cut = excerptOf(text, 140);
      expect(wellFormed(cut)).toBe(true);
      expect(graphemeCount(cut)).toBeLessThanOrEqual(140);
      expect(cut.endsWith('…')).toBe(true);
      // What is kept is the text's first whole characters: the one at the boundary is whole or gone.
      const body = cut.slice(0, -1);
      expect(graphemesOf(text).slice(0, graphemeCount(body)).join('')).toBe(body);
    }
  });

  it('keeps text of at most max characters whole, however many code units it takes', () => {
    const text = family.repeat(140);
    expect(text.length).toBeGreaterThan(140);
    expect(excerptOf(text, 140)).toBe(text);
    expect(excerptOf(family.repeat(141), 140)).toBe(`${family.repeat(139)}…`);
  });

  it('counts the ellipsis and trims the space before it, as before', () => {
    expect(excerptOf('a '.repeat(200), 160)).toHaveLength(160);
    expect(excerptOf('hello   world\n\tagain', 140)).toBe('hello world again');
    expect(truncateText('abcdef', 4)).toBe('abc…');
    expect(truncateText('ab cdef', 4)).toBe('ab…');
    expect(truncateText('abcdef', 4, '')).toBe('abcd');
  });

  it('the 138 letters then an emoji message excerpt is storable', () => {
    const content = `${'a'.repeat(138)}😀😀 and more`;
    const excerpt = messageExcerpt(content);
    expect(wellFormed(excerpt)).toBe(true);
    expect(excerpt).toBe(`${'a'.repeat(138)}😀…`);
    expect(graphemeCount(excerpt)).toBe(MESSAGE_EXCERPT_LENGTH);
  });

  it('firstCharacter takes a whole character', () => {
    expect(firstCharacter(`${family}Ada`)).toBe(family);
    expect(firstCharacter(`${accented}mile`)).toBe(accented);
    expect(firstCharacter('')).toBe('');
  });
});

describe('unsafe text', () => {
  it.each([
    ['a NUL', 'a\u0000b', 'nul'],
    ['a lone high surrogate', 'a\ud800b', 'lone-surrogate'],
    ['a lone low surrogate', 'a\udc00b', 'lone-surrogate'],
    ['a high surrogate at the end', 'ab\ud83d', 'lone-surrogate'],
    ['two high surrogates', '\ud83d\ud83d\ude00', 'lone-surrogate'],
  ])('refuses %s', (_name, text, reason) => {
    expect(unsafeTextReason(text)).toBe(reason);
  });

  it.each(['plain', '😀 emoji', '👩‍👩‍👧', '🇺🇸', 'e\u0301', '\u0001 other control characters', ''])(
    'accepts %j',
    (text) => {
      expect(unsafeTextReason(text)).toBeNull();
    },
  );

  it('finds the first unsafe string anywhere in a value, keys included, and names its path', () => {
    expect(findUnsafeText({ a: 'ok', b: [1, { c: 'x\u0000' }] })).toEqual({
      path: ['b', 1, 'c'],
      reason: 'nul',
    });
    expect(findUnsafeText({ meta: { 'k\ud800': 'v' } })).toEqual({
      path: ['meta'],
      reason: 'lone-surrogate',
    });
    expect(findUnsafeText('\u0000')).toEqual({ path: [], reason: 'nul' });
    expect(findUnsafeText({ a: ['fine', 1, null, true], b: { c: '😀' } })).toBeNull();
  });

  it('walks deeply nested values without overflowing the stack', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findUnsafeText(deep)?.reason).toBe('nul');
  });
});
