import type { EventStore, Logger } from '@waco/platform';
import type { Kysely } from 'kysely';
import type { ModerationDatabase } from '../db/schema';

/** What moderation's commands and queries run against. */
export interface ModerationDeps {
  db: Kysely<ModerationDatabase>;
  /** Where commands append events and project them. */
  events: EventStore<ModerationDatabase>;
  logger: Logger;
  /** How long a report waits to hear of a post, message or member it does not know yet. */
  targetNoticeWaitMs: number;
  /** The clock; tests may fix it. */
  now(): Date;
}
