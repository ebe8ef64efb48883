import type { MentionSpan } from '@waco/contracts';

/** A mention as written, with what the command found out about the person it names. */
export interface MentionCandidate {
  span: MentionSpan;
  /** Whether the person is a member posts knows (and not a deleted account). */
  known: boolean;
  /** Whether they and the writer blocked one another (either way). */
  blocked: boolean;
  /** Whether the text is in a private group they are not a member of (they could not open it). */
  outsider?: boolean;
}

/**
 * The mentions a text keeps: of known members, never the writer, never someone who blocked the
 * writer or whom the writer blocked, never an outsider of the private group it is written in. The others stay plain text and tell nobody: a mention is a
 * link and a notification, not a way to reach someone who shut the writer out.
 */
export function keptMentions(writerId: string, candidates: readonly MentionCandidate[]): MentionSpan[] {
  return candidates
    .filter((c) => c.known && !c.blocked && !c.outsider && c.span.userId !== writerId)
    .map((c) => c.span);
}

/** The people `after` mentions that `before` did not: those an edit tells. */
export function newlyMentioned(before: readonly MentionSpan[], after: readonly MentionSpan[]): string[] {
  const earlier = new Set(before.map((m) => m.userId));
  return [...new Set(after.map((m) => m.userId))].filter((id) => !earlier.has(id));
}

/** Whether two texts' mentions name the same people at the same places. */
export function sameMentions(a: readonly MentionSpan[], b: readonly MentionSpan[]): boolean {
  return (
    a.length === b.length &&
    a.every((m, i) => m.userId === b[i]?.userId && m.start === b[i]?.start && m.end === b[i]?.end)
  );
}
