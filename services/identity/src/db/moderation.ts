import { moderationCopies } from '@waco/platform';

/**
 * Identity's copy of moderation's blocks and suspensions (the platform's building block): a
 * suspended member cannot follow, nor can either of two members one of whom blocked the other.
 */
export const moderation = moderationCopies();
