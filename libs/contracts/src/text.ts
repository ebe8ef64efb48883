import type { z } from 'zod';

// Text rules shared by the services and the web app (no Node-only imports here).
//
// Postgres refuses a NUL in text and jsonb, and JSON with a lone UTF-16 surrogate; a string cut
// in the middle of a surrogate pair makes one. So every request is checked for both once, at the
// HTTP layer (see platform's http/safe-text.ts), and text is only ever shortened by whole
// user-perceived characters.

/** Why a string may not be stored: a NUL, or half of a surrogate pair. */
export type UnsafeTextReason = 'nul' | 'lone-surrogate';

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Why `text` may not be stored, or null when it may. */
export function unsafeTextReason(text: string): UnsafeTextReason | null {
  if (text.includes('\u0000')) return 'nul';
  if (LONE_SURROGATE.test(text)) return 'lone-surrogate';
  return null;
}

/** The answer's sentence for a refused field, e.g. "bio must not contain the NUL character (U+0000)". */
export function unsafeTextMessage(field: string, reason: UnsafeTextReason): string {
  return reason === 'nul'
    ? `${field} must not contain the NUL character (U+0000)`
    : `${field} contains a broken character (half of an emoji or other surrogate pair)`;
}

export interface UnsafeText {
  /** Where the string is: object keys and array indexes, from the top. */
  path: Array<string | number>;
  reason: UnsafeTextReason;
}

/**
 * The first string in a parsed JSON value (or query, or params) that may not be stored: a value
 * or an object key. Walks without recursion, so deep nesting cannot overflow the stack.
 */
export function findUnsafeText(value: unknown): UnsafeText | null {
  // Each entry knows its parent, so that a path is only built for the one string refused.
  interface Entry {
    value: unknown;
    key?: string | number;
    parent?: Entry;
  }
  const pathOf = (entry: Entry | undefined) => {
    const path: Array<string | number> = [];
    for (let e = entry; e?.key !== undefined; e = e.parent) path.unshift(e.key);
    return path;
  };
  const pending: Entry[] = [{ value }];
  for (let entry = pending.pop(); entry; entry = pending.pop()) {
    const current = entry.value;
    if (typeof current === 'string') {
      const reason = unsafeTextReason(current);
      if (reason) return { path: pathOf(entry), reason };
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--)
        pending.push({ value: current[i], key: i, parent: entry });
    } else if (isPlainObject(current)) {
      const entries = Object.entries(current);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i] as [string, unknown];
        const reason = unsafeTextReason(key);
        if (reason) return { path: pathOf(entry), reason };
        pending.push({ value: child, key, parent: entry });
      }
    }
  }
  return null;
}

/**
 * Parsed JSON, a query or params (routers make those on a bare prototype of their own), never a
 * stream, a buffer or another class's instance.
 */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === null || proto === Object.prototype || Object.getPrototypeOf(proto) === null;
}

/**
 * A zod refinement refusing NUL and lone surrogates anywhere in the value: every event schema
 * carries it (see `defineEvent`), so such text is neither published nor acted on.
 */
export function refuseUnsafeText(value: unknown, ctx: z.RefinementCtx): void {
  const found = findUnsafeText(value);
  if (found) {
    ctx.addIssue({
      code: 'custom',
      path: found.path,
      message: unsafeTextMessage(fieldName(found.path) || 'text', found.reason),
    });
  }
}

/** `['parts', 0, 'ETag']` → `parts.0.ETag`, as validation errors name fields. */
export const fieldName = (path: ReadonlyArray<string | number>) => path.join('.');

let segmenter: Intl.Segmenter | undefined;
const graphemes = (text: string) => {
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  return segmenter.segment(text);
};

/**
 * `text` cut to at most `max` user-perceived characters (grapheme clusters: an emoji, a flag, a
 * family joined by ZWJ, a letter with its combining marks each count one), the ellipsis counted.
 * Never splits a character, so the result is always storable and displays whole.
 */
export function truncateText(text: string, max: number, ellipsis = '…'): string {
  // A string of at most `max` code units has at most `max` graphemes: nothing to cut.
  if (text.length <= max) return text;
  const characters = Array.from(graphemes(text), (s) => s.segment);
  if (characters.length <= max) return text;
  const keep = Math.max(0, max - Array.from(graphemes(ellipsis)).length);
  return `${characters.slice(0, keep).join('').trimEnd()}${ellipsis}`;
}

/** Whitespace folded to single spaces, then cut to `max` user-perceived characters with "…". */
export function excerptOf(text: string, max: number): string {
  return truncateText(text.replace(/\s+/g, ' ').trim(), max);
}

/** The first user-perceived character (an avatar's letter): "👩‍👩‍👧", not half of it. */
export function firstCharacter(text: string): string {
  for (const { segment } of graphemes(text)) return segment;
  return '';
}

// What a name, a title or a bio may hold beyond storable text. A right-to-left override
// (U+202E) shows the letters after it backwards ("cod\u202Egnp.exe" reads "codexe.png"), a zero-width space makes "Alice" and "Al\u200Bice" two
// names that look one, a line break in a name breaks every line it is shown in, and a word
// that mixes Latin with Cyrillic letters ("Аlісе": Cyrillic А, і, с, е) passes for another
// person's name. Unicode TR39's restriction levels refuse such a word; joiners and selectors
// stay where a script or an emoji needs them (ZWNJ in Persian, ZWJ in 👩‍👩‍👧, VS16 in ❤️).

/** How a field's text is checked: whether it may span lines, whether a word may mix alphabets. */
export interface DisplayTextRules {
  lineBreaks: boolean;
  mixedScripts: boolean;
}
/** A person's name: one line, each word in one alphabet. */
export const NAME_TEXT: DisplayTextRules = { lineBreaks: false, mixedScripts: false };
/** A title, a location: one line. */
export const LINE_TEXT: DisplayTextRules = { lineBreaks: false, mixedScripts: true };
/** A bio: lines allowed. */
export const BLOCK_TEXT: DisplayTextRules = { lineBreaks: true, mixedScripts: true };

/** Why text may not be shown as typed, with the character (or the word and its alphabets). */
export type DisplayTextProblem =
  | { kind: 'bidi-control' | 'invisible' | 'control'; codePoint: number }
  | { kind: 'line-break' }
  | { kind: 'mixed-scripts'; scripts: [string, string] };

// Text-direction controls: embeddings, overrides, isolates and the marks (Unicode's Bidi_Control).
const BIDI_CONTROL = /\p{Bidi_Control}/u;
// Invisible: every Default_Ignorable_Code_Point (zero-width space and joiners, word joiner,
// soft hyphen, BOM, fillers, variation selectors, tags), and the braille blank that passes
// for a space.
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\u2800]/u;
const LINE_BREAK = /[\n\r\v\f\u0085\u2028\u2029]/u;
const CONTROL = /\p{Cc}/u;
const JOINER = /[\u200c\u200d]/u;
const SELECTOR = /[\ufe00-\ufe0f\u180b-\u180d\u180f\u{e0100}-\u{e01ef}]/u;
const TAG = /[\u{e0020}-\u{e007f}]/u;
const EMOJI = /\p{Extended_Pictographic}/u;
// What a ZWJ may follow in an emoji sequence: an emoji, its skin tone, its VS16 (❤️‍🔥).
const EMOJI_END = /\p{Extended_Pictographic}|\p{Emoji_Modifier}|\ufe0f/u;
const KEYCAP_BASE = /[0-9#*]/u;
/** Alphabets whose letters pass for each other's (TR39's confusable Latin look-alikes). */
const LOOK_ALIKE_SCRIPTS = ['Latin', 'Cyrillic', 'Greek', 'Armenian', 'Cherokee'] as const;
const SCRIPT_OF = LOOK_ALIKE_SCRIPTS.map((name) => [name, new RegExp(`\\p{Script=${name}}`, 'u')] as const);
// A letter or mark of a script that joins with ZWJ/ZWNJ or takes selectors (Arabic, Indic,
// Mongolian, Han...): not one of the look-alike alphabets.
const LETTER = /[\p{L}\p{M}]/u;
const LOOK_ALIKE_LETTER = new RegExp(SCRIPT_OF.map(([name]) => `\\p{Script=${name}}`).join('|'), 'u');
const joinsLetters = (c: string | undefined) =>
  c !== undefined && LETTER.test(c) && !LOOK_ALIKE_LETTER.test(c);

/**
 * Whether the invisible character at `i` of `chars` is one a script or an emoji needs: a
 * joiner between two letters of a joining script or between two emoji, a variation selector
 * after such a letter or an emoji, the tags of a flag like Scotland's (🏴 and tag letters).
 */
function neededInvisible(chars: string[], i: number): boolean {
  const c = chars[i] as string;
  const before = chars[i - 1];
  const after = chars[i + 1];
  if (JOINER.test(c)) {
    if (joinsLetters(before) && joinsLetters(after)) return true;
    return c === '\u200d' && EMOJI_END.test(before ?? '') && EMOJI.test(after ?? '');
  }
  if (SELECTOR.test(c)) {
    // A keycap (1️⃣) is a digit, VS16 and U+20E3.
    if (KEYCAP_BASE.test(before ?? '')) return c === '\ufe0f' && after === '\u20e3';
    return joinsLetters(before) || EMOJI.test(before ?? '');
  }
  if (TAG.test(c)) {
    let start = i;
    while (start > 0 && TAG.test(chars[start - 1] as string)) start--;
    return chars[start - 1] === '\u{1f3f4}';
  }
  return false;
}

/** The first reason `text` may not be shown as typed under `rules`, or null. */
export function displayTextProblem(text: string, rules: DisplayTextRules): DisplayTextProblem | null {
  const chars = Array.from(text);
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i] as string;
    const codePoint = c.codePointAt(0) as number;
    if (BIDI_CONTROL.test(c)) return { kind: 'bidi-control', codePoint };
    if (LINE_BREAK.test(c)) {
      if (!rules.lineBreaks) return { kind: 'line-break' };
    } else if (CONTROL.test(c)) {
      if (!(rules.lineBreaks && c === '\t')) return { kind: 'control', codePoint };
    } else if (INVISIBLE.test(c) && !neededInvisible(chars, i)) {
      return { kind: 'invisible', codePoint };
    }
  }
  if (!rules.mixedScripts) {
    for (const word of text.split(/[^\p{L}\p{M}]+/u)) {
      const scripts = SCRIPT_OF.filter(([, pattern]) => pattern.test(word)).map(([name]) => name);
      if (scripts.length > 1)
        return { kind: 'mixed-scripts', scripts: [scripts[0], scripts[1]] as [string, string] };
    }
  }
  return null;
}

const codePointName = (codePoint: number) => `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;

/** The answer's sentence, e.g. "First name must not contain text-direction controls (U+202E)". */
export function displayTextMessage(label: string, problem: DisplayTextProblem): string {
  switch (problem.kind) {
    case 'bidi-control':
      return `${label} must not contain text-direction controls (${codePointName(problem.codePoint)})`;
    case 'invisible':
      return `${label} must not contain invisible characters (${codePointName(problem.codePoint)})`;
    case 'control':
      return `${label} must not contain control characters (${codePointName(problem.codePoint)})`;
    case 'line-break':
      return `${label} must be on one line`;
    case 'mixed-scripts':
      return `${label} mixes ${problem.scripts[0]} and ${problem.scripts[1]} letters in one word: write each word in one alphabet`;
  }
}

/**
 * A zod refinement for a display field (`.superRefine(displayText('Title', LINE_TEXT))`): refuses
 * text `displayTextProblem` finds fault with, in `label`'s words. The web's forms use the same.
 */
export const displayText =
  (label: string, rules: DisplayTextRules) =>
  (value: string, ctx: z.RefinementCtx): void => {
    const problem = displayTextProblem(value, rules);
    if (problem) ctx.addIssue({ code: 'custom', message: displayTextMessage(label, problem) });
  };
