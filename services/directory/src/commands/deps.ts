import type { EventStore, Logger } from '@waco/platform';
import type { Kysely } from 'kysely';
import type { DirectoryDatabase } from '../db/schema';

/** What directory's commands and queries run against. */
export interface DirectoryDeps {
  db: Kysely<DirectoryDatabase>;
  /** Where commands append events and project them. */
  events: EventStore<DirectoryDatabase>;
  logger: Logger;
  /** The clock; tests may fix it. */
  now(): Date;
  /** How long a new business's photo may wait for media's word of its upload. */
  uploadNoticeWaitMs: number;
}
