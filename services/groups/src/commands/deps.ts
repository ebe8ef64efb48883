import type { CommandDeps } from '@waco/platform';
import type { GroupsDatabase } from '../db/schema';

/** What groups' commands and queries run against. */
export interface GroupsDeps extends CommandDeps<GroupsDatabase> {
  /** How long a new group's or event's photo may wait for media's word of its upload. */
  uploadNoticeWaitMs: number;
}
