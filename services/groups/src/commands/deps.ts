import type { EventStore, Logger } from '@waco/platform';
import type { Kysely } from 'kysely';
import type { GroupsDatabase } from '../db/schema';

/** What groups' commands and queries run against. */
export interface GroupsDeps {
  db: Kysely<GroupsDatabase>;
  /** Where commands append events and project them. */
  events: EventStore<GroupsDatabase>;
  logger: Logger;
  /** The clock; tests may fix it. */
  now(): Date;
  /** How long a new group's or event's photo may wait for media's word of its upload. */
  uploadNoticeWaitMs: number;
}
