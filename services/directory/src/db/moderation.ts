import { moderationCopies } from '@waco/platform';

/**
 * directory's copy of moderation's blocks and suspensions: a suspended member adds and reviews
 * nothing; no review passes between a business's owner and a member either of them blocked.
 */
export const moderation = moderationCopies();
