import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { uppySpanish } from '../src/i18n/uppy-es';

// The installed Uppy's English texts (its packages do not export their locale modules): each
// key's text, or its plural forms.
type Text = string | Record<number, string>;
async function uppyEnglish(): Promise<Record<string, Text>> {
  const all: Record<string, Text> = {};
  for (const name of ['core', 'dashboard', 'webcam']) {
    const path = join(import.meta.dirname, `../../node_modules/@uppy/${name}/lib/locale.js`);
    const { default: locale } = (await import(path)) as { default: { strings: Record<string, Text> } };
    Object.assign(all, locale.strings);
  }
  return all;
}

const placeholders = (text: Text) =>
  [
    ...new Set(
      Object.values(typeof text === 'string' ? { 0: text } : text).flatMap((s) => s.match(/%\{\w+\}/g) ?? []),
    ),
  ].sort();

describe('the uploader in Spanish', () => {
  it('has a Spanish text for every text the installed Uppy can show, with its placeholders and plural forms', async () => {
    const english = await uppyEnglish();
    const spanish: Record<string, Text> = uppySpanish.strings;
    expect(Object.keys(english).length).toBeGreaterThan(100);
    expect(Object.keys(english).filter((key) => !(key in spanish))).toEqual([]);
    for (const [key, text] of Object.entries(english)) {
      const translated = spanish[key] as Text;
      expect(typeof translated, key).toBe(typeof text);
      if (typeof text !== 'string') expect(Object.keys(translated), key).toEqual(Object.keys(text));
      expect(placeholders(translated), key).toEqual(placeholders(text));
    }
    expect([1, 2, 5].map(uppySpanish.pluralize)).toEqual([0, 1, 1]);
  });
});
