import type { CommandDeps } from '@waco/platform';
import type { DirectoryDatabase } from '../db/schema';

/** What directory's commands and queries run against. */
export interface DirectoryDeps extends CommandDeps<DirectoryDatabase> {
  /** How long a new business's photo may wait for media's word of its upload. */
  uploadNoticeWaitMs: number;
}
