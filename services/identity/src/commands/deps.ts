import type { EventStore, Logger } from '@waco/platform';
import type { Kysely } from 'kysely';
import type { IdentityDatabase } from '../db/schema';

/** What identity's commands run against. */
export interface IdentityDeps {
  db: Kysely<IdentityDatabase>;
  /** Where commands append events and project them. */
  events: EventStore<IdentityDatabase>;
  logger: Logger;
  /** The clock; tests may fix it. */
  now(): Date;
  /**
   * How long a profile edit waits to hear of a photo it does not know yet before refusing it:
   * media announces an upload by an event, and the edit may arrive first.
   */
  uploadNoticeWaitMs: number;
}
