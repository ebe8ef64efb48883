import type { CommandDeps } from '@waco/platform';
import type { ModerationDatabase } from '../db/schema';

/** What moderation's commands and queries run against. */
export interface ModerationDeps extends CommandDeps<ModerationDatabase> {
  /** How long a report waits to hear of a post, message or member it does not know yet. */
  targetNoticeWaitMs: number;
}
