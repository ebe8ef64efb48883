import type { CommandDeps } from '@waco/platform';
import type { MessagingDatabase } from '../db/schema';

/** What messaging's commands and queries run against. */
export interface MessagingDeps extends CommandDeps<MessagingDatabase> {
  /** The limit on messaging people one never talked to (MEMBER_LIMITS). */
  memberLimits: boolean;
}
