import type { CommandDeps } from '@waco/platform';
import type { MediaDatabase } from '../db/schema';
import type { ObjectStore } from '../storage/object-store';

/** What media's commands run against. */
export interface MediaDeps extends CommandDeps<MediaDatabase> {
  store: ObjectStore;
  /** The size rule; MAX_IMAGE_BYTES unless a test or an operator says otherwise. */
  maxImageBytes: number;
}
