import type { Logger } from '@waco/platform';
import type { Kysely } from 'kysely';
import type { MessagingDatabase } from '../db/schema';

/** What messaging's commands and queries run against. */
export interface MessagingDeps {
  db: Kysely<MessagingDatabase>;
  /** The Postgres schema, which names the outbox channel that appendToStream notifies. */
  schema: string;
  logger: Logger;
  /** The clock; tests may fix it. */
  now(): Date;
}
