import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SERVER_MESSAGES } from '@waco/contracts/server-messages';
import spanish from '../src/i18n/es';
import { uppySpanish } from '../src/i18n/uppy-es';
import { parse, sourceFiles } from './i18n-scan';

// Tells English on a Spanish screen. An English word is one of the app's own English vocabulary
// (the texts it can show: the ids of its catalogue, every string written in web/src, the
// server's sentences, Uppy's texts) that no Spanish text of the app uses ("error", "spam",
// "push" and "a" read the same in both, so they are not taken for English), proper names aside. A word on a Spanish
// screen that is in this set is English that was not translated.

const REPO = join(import.meta.dirname, '../..');

/** The words of a text, lower-cased, without ICU or Uppy placeholders' names. */
export function wordsOf(text: string): string[] {
  const bare = text
    .replace(/%\{\w+\}/g, ' ')
    .replace(/\{\{?\s*\w+\s*\}?\}/g, ' ')
    .replace(/\{\s*\w+\s*,\s*(plural|select)\s*,/g, ' ');
  return (bare.match(/\p{L}[\p{L}'’]*\p{L}|\p{L}/gu) ?? [])
    .map((word) => word.toLowerCase().replace(/['’]s$/, ''))
    .filter((word) => word.length > 1);
}

/** Every string of a nested value (Uppy's `{0: 'one', 1: 'many'}` plurals included). */
const stringsIn = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : value && typeof value === 'object'
      ? Object.values(value).flatMap(stringsIn)
      : [];

/** Uppy's English texts, from the installed packages' locale files (not exported as modules). */
function uppyEnglish(): string[] {
  return ['core', 'dashboard', 'webcam'].flatMap((name) => {
    const source = readFileSync(join(REPO, `node_modules/@uppy/${name}/lib/locale.js`), 'utf8');
    return [...source.matchAll(/:\s*(['"`])((?:\\.|(?!\1).)*)\1/g)].map((m) => m[2] as string);
  });
}

/** Every string literal and template text written in web/src (class names are harmless). */
function sourceStrings(): string[] {
  const found: string[] = [];
  const visit = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    const n = node as { type?: string; value?: unknown; raw?: string };
    if (n.type === 'Literal' && typeof n.value === 'string') found.push(n.value);
    if (n.type === 'JSXText' && typeof n.value === 'string') found.push(n.value);
    if (n.type === 'TemplateElement') found.push((n.value as { cooked?: string })?.cooked ?? '');
    for (const value of Object.values(node)) if (value && typeof value === 'object') visit(value);
  };
  for (const path of sourceFiles()) {
    // The Spanish catalogues themselves: their values are Spanish.
    if (/\/i18n\/(es|uppy-es)\.ts$/.test(path)) continue;
    visit(parse(path));
  }
  return found;
}

/** Names that are the same in every language: the brand, places, other products, languages. */
export const PROPER_NAMES = new Set(
  wordsOf(
    'Waco Commons Cameron Park Brazos Sanger Heights Creek Meadows Baylor Uppy Companion Google Apple Meta ' +
      'English Español JPG JPEG PNG WEBP MB KB',
  ),
);

let english: Set<string> | undefined;

/** The app's English words that no Spanish text of it uses. */
export function englishVocabulary(): Set<string> {
  if (english) return english;
  // A server sentence's Spanish keeps the API's words ("targetType debe ser post, user o
  // message"): the words it shares with its English are not taken for Spanish.
  const serverSpanish = SERVER_MESSAGES.flatMap(({ en, es }) => {
    const carried = new Set(wordsOf(en));
    return wordsOf(es).filter((word) => !carried.has(word));
  });
  const spanishWords = new Set([
    ...[...Object.values(spanish), ...stringsIn(uppySpanish.strings)].flatMap(wordsOf),
    ...serverSpanish,
  ]);
  const englishTexts = [
    ...Object.keys(spanish),
    ...SERVER_MESSAGES.map((m) => m.en),
    ...uppyEnglish(),
    ...sourceStrings(),
  ];
  english = new Set(
    englishTexts.flatMap(wordsOf).filter((word) => !spanishWords.has(word) && !PROPER_NAMES.has(word)),
  );
  return english;
}

/** The English words of a text (empty when it reads as Spanish, names and numbers aside). */
export function englishWordsIn(text: string): string[] {
  const vocabulary = englishVocabulary();
  return [...new Set(wordsOf(text).filter((word) => vocabulary.has(word)))];
}
