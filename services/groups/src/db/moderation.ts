import { moderationCopies } from '@waco/platform';

/** groups' copy of moderation's blocks and suspensions: a suspended member creates nothing here. */
export const moderation = moderationCopies();
