// Moderation's words and lists without their schemas (moderation.ts), so that the web app's
// first view can use them without loading zod.

export const REPORT_REASONS = ['scam', 'prohibited', 'harassment', 'spam', 'other'] as const;
export const REPORT_REASON_LABELS: Record<(typeof REPORT_REASONS)[number], string> = {
  scam: 'Scam or fraud',
  prohibited: 'Prohibited item or service',
  harassment: 'Harassment or hate',
  spam: 'Spam',
  other: 'Something else',
};

/** What a post's owner sees on a post moderators hid. */
export const HIDDEN_BY_MODERATORS = 'Hidden by moderators';

/** Why a suspended member's action is refused (403): they are told why, and until when. */
export function suspendedMessage(note: string | null): string {
  const why = note ? ` Reason: ${note}` : '';
  return `Your account is suspended by the moderators: you can't post, message, like or report until a moderator reinstates you.${why}`;
}
