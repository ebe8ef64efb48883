import { type ModerationCopyTables, moderationCopies } from '@waco/platform';

/**
 * notifications' copy of blocks and suspensions (moderation's events, the platform's building
 * block): a member gets no notification caused by someone they blocked.
 */
export const moderation = moderationCopies();

export type NotificationsModerationTables = ModerationCopyTables;
