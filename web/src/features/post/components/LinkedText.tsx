import { hashtagPath } from '@waco/contracts';
import { Fragment } from 'react';
import { Link } from '../../../app/router';
import { textParts } from '../../../lib/text-links';

/**
 * Text whose web addresses open in a new tab (only http and https; `nofollow ugc`: written by
 * members, so search engines give them no weight) and whose hashtags, unless `hashtags` is off,
 * are links to their tag's page.
 */
export function LinkedText({ text, hashtags = true }: { text: string; hashtags?: boolean }) {
  return (
    <>
      {textParts(text, { withHashtags: hashtags }).map((part, i) =>
        'url' in part ? (
          <a
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts never move
            key={i}
            href={part.url}
            target="_blank"
            rel="nofollow ugc noopener"
            className="font-medium underline underline-offset-2 [overflow-wrap:anywhere]"
          >
            {part.text}
          </a>
        ) : 'tag' in part ? (
          <Link
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts never move
            key={i}
            to={hashtagPath(part.tag.slice(1))}
            className="font-medium text-primary hover:underline"
          >
            {part.tag}
          </Link>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts never move
          <Fragment key={i}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}
