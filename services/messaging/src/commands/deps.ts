import type { EventStore, Logger } from '@waco/platform';
import type { Kysely } from 'kysely';
import type { MessagingDatabase } from '../db/schema';

/** What messaging's commands and queries run against. */
export interface MessagingDeps {
  db: Kysely<MessagingDatabase>;
  /** Where commands append events and project them. */
  events: EventStore<MessagingDatabase>;
  logger: Logger;
  /** The clock; tests may fix it. */
  now(): Date;
  /** The limit on messaging people one never talked to (MEMBER_LIMITS). */
  memberLimits: boolean;
}
