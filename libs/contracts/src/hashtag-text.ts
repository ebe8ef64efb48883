// How hashtags and mentions are read out of a text, shared by posts (which counts tags) and the
// web (which links them), so that a link and a count always agree. Without zod: the web's first
// screen uses it.

/** The longest tag, in characters after `#`; a longer run of letters is no tag at all. */
export const HASHTAG_MAX_LENGTH = 50;
/** How many of a post's tags count (its first ones): enough for any post, and a bound on its rows. */
export const HASHTAGS_PER_POST_MAX = 30;

const TAG_CHAR = '[\\p{L}\\p{M}\\p{N}_]';
/**
 * A tag as written: `#`, then letters of any script (with their accents), digits or `_`, at most
 * 50; not after a letter, a digit or `&` ("C#", "a#b", "&#39;" are not tags).
 */
export const HASHTAG_IN_TEXT = new RegExp(
  `(?<![\\p{L}\\p{M}\\p{N}_&])#(${TAG_CHAR}{1,${HASHTAG_MAX_LENGTH}})(?!${TAG_CHAR})`,
  'gu',
);
const HASHTAG_NAME = new RegExp(`^${TAG_CHAR}{1,${HASHTAG_MAX_LENGTH}}$`, 'u');

/**
 * A tag's one spelling: composed Unicode (NFC, so a decomposed "í" is the same tag) in lower case.
 * Accents are kept: "#díaDeMuertos" is "#díademuertos", not "#diademuertos" ("año" is not "ano").
 */
export function normalizeHashtag(name: string): string {
  return name.normalize('NFC').toLowerCase();
}

/** Whether a (normalized) name can be a tag: letters, digits or `_`, 1 to 50 of them. */
export function isHashtagName(name: string): boolean {
  return HASHTAG_NAME.test(name);
}

/** The hashtags in a text, normalized, without the `#`, each once, in order, the first 30. */
export function extractHashtags(text: string): string[] {
  const tags = new Set<string>();
  for (const match of text.normalize('NFC').matchAll(HASHTAG_IN_TEXT)) {
    tags.add(normalizeHashtag(match[1] as string));
    if (tags.size === HASHTAGS_PER_POST_MAX) break;
  }
  return [...tags];
}

/** The text with its hashtags taken out (each replaced by a space). */
export function withoutHashtags(text: string): string {
  return text.normalize('NFC').replace(HASHTAG_IN_TEXT, ' ');
}

/** The web's address of a tag's page. */
export const hashtagPath = (name: string) => `/tags/${encodeURIComponent(normalizeHashtag(name))}`;
