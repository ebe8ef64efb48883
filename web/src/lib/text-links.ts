import { HASHTAG_IN_TEXT } from '@waco/contracts';

/** A piece of a text: plain text, a web address, or a hashtag. */
export type TextPart = { text: string } | { url: string; text: string } | { tag: string };

/**
 * A web address as people write one: `http://` or `https://` (any case), or `www.`, then
 * everything up to a space or an angle bracket or quote. Nothing else becomes a link
 * (`javascript:`, `data:`, `mailto:` stay text).
 */
const ADDRESS = /\b(?:https?:\/\/|www\.)[^\s<>"'`]+/giu;

/** Punctuation that ends a sentence after an address rather than belonging to it. */
const TRAILING = /[.,;:!?'"”’)\]}*_~]$/u;

const PAIRS: Record<string, string> = { ')': '(', ']': '[', '}': '{' };

/** Drops the punctuation that follows an address, keeping closing brackets that it opened. */
function trimAddress(found: string): string {
  let address = found;
  while (TRAILING.test(address)) {
    const last = address[address.length - 1] as string;
    const opener = PAIRS[last];
    // "https://en.wikipedia.org/wiki/Waco_(TX)" keeps its ")"; "(see https://x.org)" does not.
    if (opener && count(address, opener) >= count(address, last)) break;
    address = address.slice(0, -1);
  }
  return address;
}

const count = (text: string, char: string) => text.split(char).length - 1;

/** The address's link target, only when it is a valid http or https URL with a host. */
export function safeHref(address: string): string | null {
  try {
    const url = new URL(/^www\./i.test(address) ? `https://${address}` : address);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (!url.hostname.includes('.') && url.hostname !== 'localhost') return null;
    return url.href;
  } catch {
    return null;
  }
}

/** Hashtags as posts counts them (contracts' rule: "a#b" and "C#" are not tags). */
function hashtags(text: string, parts: TextPart[]) {
  let last = 0;
  for (const match of text.matchAll(HASHTAG_IN_TEXT)) {
    const at = match.index ?? 0;
    parts.push({ text: text.slice(last, at) }, { tag: match[0] });
    last = at + match[0].length;
  }
  parts.push({ text: text.slice(last) });
}

/**
 * Splits a text into plain text, web addresses (`url` is the safe target) and, unless turned
 * off, hashtags. Joined back, the parts' texts give the text unchanged.
 */
export function textParts(text: string, { withHashtags = true } = {}): TextPart[] {
  const parts: TextPart[] = [];
  const plain = (piece: string) => (withHashtags ? hashtags(piece, parts) : parts.push({ text: piece }));
  let last = 0;
  for (const match of text.matchAll(ADDRESS)) {
    const at = match.index ?? 0;
    // An address starts a word: "xhttps://…" or "a.www.b" are not addresses.
    if (at > 0 && /[\p{L}\p{N}_.\-/@]/u.test(text[at - 1] ?? '')) continue;
    const address = trimAddress(match[0]);
    const href = safeHref(address);
    if (!href) continue;
    plain(text.slice(last, at));
    parts.push({ url: href, text: address });
    last = at + address.length;
  }
  plain(text.slice(last));
  return parts.filter((part) => !('text' in part) || 'url' in part || part.text !== '');
}
