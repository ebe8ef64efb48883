import { loadConfig } from '@waco/platform';
import { z } from 'zod';
import { rebuildService } from './ops/rebuild-service';

/**
 * `npm run rebuild -- <service>` (also `npm run ops -- rebuild <service>`). Reads DATABASE_URL
 * (the distributed stack's database by default) and DB_SCHEMA (the service's name by default).
 */
const config = loadConfig(
  z.object({
    DATABASE_URL: z.url().default('postgres://postgres@127.0.0.1:5432/waco'),
    DB_SCHEMA: z
      .string()
      .regex(/^[a-z_][a-z0-9_]*$/, 'DB_SCHEMA must be a lower-case identifier')
      .optional(),
    LOG_LEVEL: z.string().default('warn'),
    /** Where identity answers for personal-data keys (the distributed stack's by default). */
    IDENTITY_URL: z.url().default('http://127.0.0.1:4001'),
  }),
);
process.exitCode = await rebuildService(process.argv[2], {
  databaseUrl: config.DATABASE_URL,
  schema: config.DB_SCHEMA,
  identityUrl: config.IDENTITY_URL,
  logLevel: config.LOG_LEVEL,
  say: (line) => process.stdout.write(`${line}\n`),
  usage: 'npm run rebuild --',
});
