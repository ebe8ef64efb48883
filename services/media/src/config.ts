import { MAX_IMAGE_BYTES } from '@waco/contracts';
import { loadConfig } from '@waco/platform';
import { z } from 'zod';
import type { StorageConfig } from './storage/object-store';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** The media service's own variables, on top of every service's (see the README's table). */
export const mediaConfigSchema = z.object({
  /**
   * The S3-compatible store. `npm start` and `npm run start:distributed` start an embedded one
   * and set this (and the keys); the service itself never starts a store.
   */
  S3_ENDPOINT: z.url({
    error:
      'S3_ENDPOINT must be the URL of an S3-compatible store, e.g. http://127.0.0.1:9000 (npm start and npm run start:distributed run an embedded one)',
  }),
  /** What browsers use for presigned URLs when it differs from S3_ENDPOINT (e.g. in Docker). */
  S3_PUBLIC_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z.string().min(3).default('waco-media'),
  S3_ACCESS_KEY: z.string({ error: 'S3_ACCESS_KEY is required with S3_ENDPOINT' }).min(1),
  S3_SECRET_KEY: z.string({ error: 'S3_SECRET_KEY is required with S3_ENDPOINT' }).min(1),
  S3_FORCE_PATH_STYLE: bool.default(true),
  /**
   * Presigned URLs are handed out as paths on the app's origin, where the gateway forwards
   * `/storage/*` to the store (the embedded store; the launchers set it).
   */
  S3_SAME_ORIGIN_UPLOADS: bool.default(false),
  /** The size rule; spec section 9 says 10485760 bytes. */
  MAX_IMAGE_BYTES: z.coerce.number().int().positive().default(MAX_IMAGE_BYTES),
});
export type MediaConfig = z.infer<typeof mediaConfigSchema>;

/** The store the configuration names. */
export function storageConfig(config: MediaConfig): StorageConfig {
  return {
    endpoint: config.S3_ENDPOINT,
    publicEndpoint: config.S3_PUBLIC_ENDPOINT,
    region: config.S3_REGION,
    bucket: config.S3_BUCKET,
    accessKey: config.S3_ACCESS_KEY,
    secretKey: config.S3_SECRET_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    sameOriginUploads: config.S3_SAME_ORIGIN_UPLOADS,
  };
}

/** The media service's settings from the environment, read once at start (`main.ts`). */
export function readMediaSettings(env: NodeJS.ProcessEnv = process.env) {
  const config = loadConfig(mediaConfigSchema, env);
  return { storage: storageConfig(config), maxImageBytes: config.MAX_IMAGE_BYTES };
}
