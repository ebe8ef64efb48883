// A tag is a letter or digit run after `#` ("#parttime", "#5k"); "#" alone or "##" is not one.
const HASHTAG = /#([\p{L}\p{N}_]{1,50})/gu;

/** The hashtags in a text, lower-cased, without the `#`, each once, in order of appearance. */
export function extractHashtags(text: string): string[] {
  const tags = new Set<string>();
  for (const match of text.matchAll(HASHTAG)) tags.add((match[1] as string).toLowerCase());
  return [...tags];
}
