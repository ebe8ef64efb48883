import type { MentionSpan } from '@waco/contracts';
import { Fragment } from 'react';
import { Link } from '../../../app/router';
import { LinkedText } from './LinkedText';

/**
 * A text whose mentions link to the people they name (by id: a mention still leads to its person
 * after a change of name), the rest with its addresses and hashtags linked. Spans that do not fit
 * the text (never sent so, but cheap to guard) are shown as text.
 */
export function MentionedText({ text, mentions = [] }: { text: string; mentions?: readonly MentionSpan[] }) {
  const spans = [...mentions]
    .filter((m) => m.start >= 0 && m.end <= text.length && m.start < m.end && text[m.start] === '@')
    .sort((a, b) => a.start - b.start);
  const pieces: Array<{ text: string; userId?: string }> = [];
  let at = 0;
  for (const span of spans) {
    if (span.start < at) continue;
    pieces.push({ text: text.slice(at, span.start) });
    pieces.push({ text: text.slice(span.start, span.end), userId: span.userId });
    at = span.end;
  }
  pieces.push({ text: text.slice(at) });
  return (
    <>
      {pieces.map((piece, i) =>
        piece.userId ? (
          <Link
            // biome-ignore lint/suspicious/noArrayIndexKey: the pieces never move
            key={i}
            to={`/user/${encodeURIComponent(piece.userId)}`}
            className="font-medium text-primary hover:underline"
          >
            {piece.text}
          </Link>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the pieces never move
          <Fragment key={i}>{piece.text && <LinkedText text={piece.text} />}</Fragment>
        ),
      )}
    </>
  );
}
