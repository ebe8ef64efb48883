import type { EventStore, Logger } from '@waco/platform';
import type { Kysely } from 'kysely';
import type { MediaDatabase } from '../db/schema';
import type { ObjectStore } from '../storage/object-store';

/** What media's commands run against. */
export interface MediaDeps {
  db: Kysely<MediaDatabase>;
  /** Where commands append events and project them. */
  events: EventStore<MediaDatabase>;
  store: ObjectStore;
  logger: Logger;
  /** The size rule; MAX_IMAGE_BYTES unless a test or an operator says otherwise. */
  maxImageBytes: number;
}
