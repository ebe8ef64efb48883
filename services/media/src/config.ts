import { MAX_IMAGE_BYTES } from '@waco/contracts';
import { portSchema } from '@waco/platform';
import { z } from 'zod';
import type { StorageConfig } from './storage/object-store';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** The media service's own variables, on top of every service's (see the README's table). */
export const mediaConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    /**
     * The S3-compatible store. Unset outside production: an embedded s3rver starts in this
     * process (one media process only; the launchers pass a shared store instead).
     */
    S3_ENDPOINT: z
      .url({ error: 'S3_ENDPOINT must be the URL of an S3-compatible store, e.g. http://127.0.0.1:9000' })
      .optional(),
    /** What browsers use for presigned URLs when it differs from S3_ENDPOINT (e.g. in Docker). */
    S3_PUBLIC_ENDPOINT: z.url().optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_BUCKET: z.string().min(3).default('waco-media'),
    S3_ACCESS_KEY: z.string().min(1).optional(),
    S3_SECRET_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: bool.default(true),
    /** The embedded store's data directory and port, when S3_ENDPOINT is unset. */
    S3_EMBEDDED_DIR: z.string().default('.data/s3'),
    S3_EMBEDDED_PORT: portSchema.default(0),
    /** The app's origins (comma-separated): browsers on them upload straight to the embedded store. */
    APP_ORIGIN: z
      .string()
      .default('http://localhost:3000,http://127.0.0.1:3000')
      .transform((v) =>
        v
          .split(',')
          .map((o) => o.trim())
          .filter(Boolean),
      ),
    /** The size rule; spec section 9 says 10485760 bytes. */
    MAX_IMAGE_BYTES: z.coerce.number().int().positive().default(MAX_IMAGE_BYTES),
  })
  .superRefine((c, ctx) => {
    if (c.S3_ENDPOINT) {
      for (const name of ['S3_ACCESS_KEY', 'S3_SECRET_KEY'] as const) {
        if (!c[name])
          ctx.addIssue({ code: 'custom', path: [name], message: `${name} is required with S3_ENDPOINT` });
      }
    } else if (c.NODE_ENV === 'production') {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_ENDPOINT'],
        message: 'S3_ENDPOINT is required in production',
      });
    }
  });
export type MediaConfig = z.infer<typeof mediaConfigSchema>;

/** The store the configuration names, or null when the embedded one is to be started. */
export function storageConfig(config: MediaConfig): StorageConfig | null {
  if (!config.S3_ENDPOINT) return null;
  return {
    endpoint: config.S3_ENDPOINT,
    publicEndpoint: config.S3_PUBLIC_ENDPOINT,
    region: config.S3_REGION,
    bucket: config.S3_BUCKET,
    accessKey: config.S3_ACCESS_KEY as string,
    secretKey: config.S3_SECRET_KEY as string,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  };
}
