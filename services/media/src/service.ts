import { MAX_IMAGE_BYTES } from '@waco/contracts';
import { commandDeps, registerPersonalExport, type ServiceDefinition } from '@waco/platform';
import { objectRoutes } from './api/objects';
import { uploaderRoutes } from './api/uploader';
import { uploadRoutes } from './api/uploads';
import type { MediaDeps } from './commands/deps';
import { sweepAbandonedUploads } from './commands/sweep-abandoned-uploads';
import { readMediaSettings } from './config';
import { erasedAccountsSubscription } from './consumers/erased-accounts';
import { photoUsesSubscriptions, retiredPhotosSubscription } from './consumers/photo-uses';
import { variantsSubscription } from './consumers/variants';
import { mediaMigrations } from './db/migrations';
import { MEDIA_PERSONAL_DATA } from './db/personal-data';
import type { MediaDatabase } from './db/schema';
import { uploadsProjection } from './projections/uploads';
import { ImageServer } from './serving/image-server';
import { ObjectStore, type StorageConfig } from './storage/object-store';

export type { StorageConfig } from './storage/object-store';

export interface MediaServiceOptions {
  storage: StorageConfig;
  /** The size rule; defaults to MAX_IMAGE_BYTES (10485760). */
  maxImageBytes?: number;
  /** How often unfinished uploads are swept; 0 turns the sweep off (tests). */
  sweepIntervalMs?: number;
}

/** Single-PUT URLs live 15 minutes; an upload still unfinished after an hour is abandoned. */
const ABANDON_SINGLE_AFTER_MS = 60 * 60 * 1000;
const DEFAULT_SWEEP_INTERVAL_MS = 10 * 60 * 1000;

/**
 * The media service: upload sessions on an S3-compatible store (presigned PUT, the uploader's
 * multipart endpoints), the rules on type and size, serving images, and image variants.
 */
export function createMediaService(options: MediaServiceOptions): ServiceDefinition<MediaDatabase> {
  return {
    name: 'media',
    migrations: mediaMigrations,
    publishes: true,
    projections: [uploadsProjection],
    async build(ctx) {
      const store = await ObjectStore.open(options.storage, ctx.logger);
      const deps: MediaDeps = {
        ...commandDeps(ctx),
        store,
        maxImageBytes: options.maxImageBytes ?? MAX_IMAGE_BYTES,
      };
      const images = new ImageServer(deps.db, store, ctx.logger);
      const interval = options.sweepIntervalMs ?? DEFAULT_SWEEP_INTERVAL_MS;
      // One sweep at a time: a long one (many abandoned uploads) is not started again over itself.
      let sweeping = false;
      const sweep = async () => {
        if (sweeping) return;
        sweeping = true;
        try {
          const swept = await sweepAbandonedUploads(deps, ABANDON_SINGLE_AFTER_MS);
          if (swept.abandoned || swept.deleted) ctx.logger.info(swept, 'swept abandoned uploads');
        } catch (err) {
          ctx.logger.warn({ err }, 'sweeping abandoned uploads failed');
        } finally {
          sweeping = false;
        }
      };
      const sweeper = interval > 0 ? setInterval(sweep, interval).unref() : undefined;
      return {
        routes(app) {
          uploadRoutes(app, deps);
          uploaderRoutes(app, deps);
          objectRoutes(app, images);
          registerPersonalExport(app, 'mediaExport', ctx.database.pool, MEDIA_PERSONAL_DATA);
        },
        subscriptions: [
          variantsSubscription(deps),
          ...photoUsesSubscriptions(deps),
          erasedAccountsSubscription(deps),
          retiredPhotosSubscription(images),
        ],
        async close() {
          clearInterval(sweeper);
          store.close();
        },
      };
    },
  };
}

/**
 * The media service configured from the environment (S3_ENDPOINT, S3_ACCESS_KEY, ...), for the
 * launchers' list of services: its settings are read when it is built. `main.ts` reads them
 * once before starting and calls `createMediaService`, as the embedded launcher does with its
 * own store's settings.
 */
export const mediaService: ServiceDefinition<MediaDatabase> = {
  name: 'media',
  migrations: mediaMigrations,
  publishes: true,
  projections: [uploadsProjection],
  build: (ctx) => createMediaService(readMediaSettings()).build(ctx),
};
