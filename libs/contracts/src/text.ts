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
