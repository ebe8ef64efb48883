import { extractHashtags, withoutHashtags } from '@waco/contracts';

export interface SearchTerms {
  /** The words to find by full text and trigram similarity (tags removed); may be empty. */
  text: string;
  /** `#tag` words, normalized without `#`: a post must carry every one of them. */
  tags: string[];
}

/** Splits a search box's text into words and `#tags`. */
export function parseSearch(search: string): SearchTerms {
  const tags = extractHashtags(search);
  const text = withoutHashtags(search).replace(/\s+/g, ' ').trim();
  return { text, tags };
}
