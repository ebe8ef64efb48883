import { resolve } from 'node:path';
import { MAX_IMAGE_BYTES } from '@waco/contracts';
import { type Logger, loadConfig, type ServiceDefinition } from '@waco/platform';
import { objectRoutes } from './api/objects';
import { uploaderRoutes } from './api/uploader';
import { uploadRoutes } from './api/uploads';
import { sweepAbandonedUploads, type UploadDeps } from './commands/uploads';
import { type MediaConfig, mediaConfigSchema, storageConfig } from './config';
import { mediaMigrations } from './db/migrations';
import type { MediaDatabase } from './db/schema';
import { uploadsProjection } from './projections/uploads';
import { ImageServer } from './serving/image-server';
import { startEmbeddedStore } from './storage/embedded-store';
import { ObjectStore, type StorageConfig } from './storage/object-store';
import { variantsSubscription } from './workers/variants';

export { type EmbeddedStore, startEmbeddedStore } from './storage/embedded-store';
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
      const deps: UploadDeps = {
        db: ctx.database.db,
        schema: ctx.database.schema,
        store,
        logger: ctx.logger,
        maxImageBytes: options.maxImageBytes ?? MAX_IMAGE_BYTES,
      };
      const images = new ImageServer(deps.db, store, ctx.logger);
      const interval = options.sweepIntervalMs ?? DEFAULT_SWEEP_INTERVAL_MS;
      const sweeper =
        interval > 0
          ? setInterval(() => {
              sweepAbandonedUploads(deps, ABANDON_SINGLE_AFTER_MS).catch((err) =>
                ctx.logger.warn({ err }, 'sweeping abandoned uploads failed'),
              );
            }, interval).unref()
          : undefined;
      return {
        routes(app) {
          uploadRoutes(app, deps);
          uploaderRoutes(app, deps);
          objectRoutes(app, images);
        },
        subscriptions: [variantsSubscription(deps)],
        async close() {
          clearInterval(sweeper);
          store.close();
        },
      };
    },
  };
}

/**
 * The media service configured from the environment (S3_ENDPOINT, S3_ACCESS_KEY, ...), read when
 * it is built. `main.ts` and the distributed launcher use it. Without S3_ENDPOINT (never in
 * production) it starts the embedded store itself; the embedded launcher instead starts one store
 * and calls `createMediaService` with its settings.
 */
export const mediaService: ServiceDefinition<MediaDatabase> = {
  name: 'media',
  migrations: mediaMigrations,
  publishes: true,
  projections: [uploadsProjection],
  async build(ctx) {
    const config = loadConfig(mediaConfigSchema);
    const store = await storeFromConfig(config, ctx.logger);
    try {
      const parts = await createMediaService({
        storage: store.storage,
        maxImageBytes: config.MAX_IMAGE_BYTES,
      }).build(ctx);
      return {
        ...parts,
        async close() {
          await parts.close?.();
          await store.stop();
        },
      };
    } catch (err) {
      await store.stop();
      throw err;
    }
  },
};

/** The store the configuration names, or an embedded one started here when it names none. */
async function storeFromConfig(config: MediaConfig, logger: Logger) {
  const configured = storageConfig(config);
  if (configured) return { storage: configured, stop: async () => {} };
  const dataDir = resolve(config.S3_EMBEDDED_DIR);
  const embedded = await startEmbeddedStore({
    dataDir,
    port: config.S3_EMBEDDED_PORT,
    allowedOrigins: config.APP_ORIGIN,
  });
  logger.warn(
    { endpoint: embedded.endpoint, dataDir },
    'S3_ENDPOINT is not set: started the embedded object store (s3rver) in this process',
  );
  const storage: StorageConfig = {
    endpoint: embedded.endpoint,
    region: config.S3_REGION,
    bucket: embedded.bucket,
    accessKey: embedded.accessKey,
    secretKey: embedded.secretKey,
    forcePathStyle: true,
  };
  return { storage, stop: embedded.stop };
}
