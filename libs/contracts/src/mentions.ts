import { z } from 'zod';
import { MemberCard, Uuid } from './common';
import { displayText, LINE_TEXT } from './text';

// Mentions: `@Ana Diaz` in a comment or a post's description, chosen from the suggestions. The
// text stays as written; beside it the server keeps who each mention names and where it stands
// (`MentionSpan`), so a mention still leads to its person after they change their name, and the
// events carry ids and offsets only (the text itself is sealed with its writer's key).

/** Mentions one text may carry; more are dropped (nobody is told). */
export const MENTIONS_MAX = 10;
/** Suggestions shown for one `@` prefix. */
export const MENTION_SUGGESTIONS_MAX = 8;

/** A mention the composer inserted: whom it names, and the name as inserted after the `@`. */
export const MentionRequest = z.object({
  userId: Uuid,
  name: z
    .string()
    .trim()
    .min(1, 'A mention needs a name')
    .max(100, 'A mention is at most 100 characters')
    .superRefine(displayText('Mention', LINE_TEXT)),
});
export type MentionRequest = z.infer<typeof MentionRequest>;

/** The mentions of a text being written (none by default). */
export const MentionRequests = z
  .array(MentionRequest, { error: 'mentions must be a list of {userId, name}' })
  .max(MENTIONS_MAX, `At most ${MENTIONS_MAX} mentions`)
  .default([]);

/**
 * A mention in a stored text: whom it names, and where it stands (`start` at the `@`, `end` after
 * the name; UTF-16 offsets, as JavaScript indexes strings).
 */
export const MentionSpan = z.object({ userId: Uuid, start: z.number().int(), end: z.number().int() });
export type MentionSpan = z.infer<typeof MentionSpan>;

/** `GET /api/mentions/suggestions?q=`: neighbours whose name starts with what follows the `@`. */
export const MentionSuggestionsQuery = z.strictObject({
  q: z
    .string({ error: 'q is required' })
    .trim()
    .min(1, 'q is required')
    .max(50, 'q is at most 50 characters')
    .superRefine(displayText('q', LINE_TEXT)),
});
export type MentionSuggestionsQuery = z.input<typeof MentionSuggestionsQuery>;

/** Who a mention may name: anyone's card. */
export const MentionSuggestion = MemberCard;
export type MentionSuggestion = z.infer<typeof MentionSuggestion>;
export const MentionSuggestions = z.object({ users: z.array(MentionSuggestion) });
export type MentionSuggestions = z.infer<typeof MentionSuggestions>;

/**
 * Where each requested mention stands in `text`: its `@name`, the first one not taken by an
 * earlier mention; one the text does not hold (deleted while writing) is dropped, as is a second
 * mention of the same person.
 */
export function locateMentions(text: string, requested: readonly MentionRequest[]): MentionSpan[] {
  const spans: MentionSpan[] = [];
  const people = new Set<string>();
  for (const { userId, name } of requested) {
    if (people.has(userId)) continue;
    const written = `@${name}`;
    let from = 0;
    for (;;) {
      const start = text.indexOf(written, from);
      if (start < 0) break;
      const end = start + written.length;
      if (!spans.some((s) => start < s.end && s.start < end)) {
        spans.push({ userId, start, end });
        people.add(userId);
        break;
      }
      from = start + 1;
    }
  }
  return spans.sort((a, b) => a.start - b.start).slice(0, MENTIONS_MAX);
}
