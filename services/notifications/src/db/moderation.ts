import { type HiddenPostsCopyTable, type ModerationCopyTables, moderationCopies } from '@waco/platform';

/**
 * notifications' copy of blocks and suspensions (moderation's events, the platform's building
 * block): a member gets no notification caused by someone they blocked, and no hidden post in a
 * digest.
 */
export const moderation = moderationCopies({ hiddenPosts: true });

export type NotificationsModerationTables = ModerationCopyTables & HiddenPostsCopyTable;
