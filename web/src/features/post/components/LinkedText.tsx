import { Fragment } from 'react';
import { Link } from '../../../app/router';

/** A hashtag: `#` then letters, digits or `_` in any script ("#parttime", "#café"). */
const HASHTAG = /#[\p{L}\p{N}_]+/gu;

/** The feed's search for a hashtag: `/?search=%23tag`. */
export const hashtagSearch = (tag: string) => `/?${new URLSearchParams({ search: tag })}`;

/** Text whose hashtags are links to their search. */
export function LinkedText({ text }: { text: string }) {
  const parts: (string | { tag: string })[] = [];
  let last = 0;
  for (const match of text.matchAll(HASHTAG)) {
    const at = match.index ?? 0;
    // "a#b" is not a tag: one starts the text or follows a space or punctuation.
    if (at > 0 && /[\p{L}\p{N}_&]/u.test(text[at - 1] ?? '')) continue;
    parts.push(text.slice(last, at), { tag: match[0] });
    last = at + match[0].length;
  }
  parts.push(text.slice(last));
  return (
    <>
      {parts.map((part, i) =>
        typeof part === 'string' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts never move
          <Fragment key={i}>{part}</Fragment>
        ) : (
          <Link
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts never move
            key={i}
            to={hashtagSearch(part.tag)}
            className="font-medium text-primary hover:underline"
          >
            {part.tag}
          </Link>
        ),
      )}
    </>
  );
}
