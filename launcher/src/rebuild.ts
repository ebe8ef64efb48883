import {
  createDatabase,
  createLogger,
  loadConfig,
  rebuildProjections,
  type ServiceDefinition,
} from '@waco/platform';
import { z } from 'zod';
import { SERVICE_NAMES, SERVICES } from './services';

/**
 * `npm run rebuild -- <service>`: rebuilds a service's read tables from its event log while the
 * service keeps running (libs/platform/src/projections/rebuild.ts). Reads DATABASE_URL (the
 * distributed stack's database by default) and DB_SCHEMA (the service's name by default).
 */
const config = loadConfig(
  z.object({
    DATABASE_URL: z.url().default('postgres://postgres@127.0.0.1:5432/waco'),
    DB_SCHEMA: z
      .string()
      .regex(/^[a-z_][a-z0-9_]*$/, 'DB_SCHEMA must be a lower-case identifier')
      .optional(),
    LOG_LEVEL: z.string().default('warn'),
  }),
);
const say = (line: string) => process.stdout.write(`${line}\n`);
const rebuildable = SERVICE_NAMES.filter((name) => (SERVICES[name].projections ?? []).length > 0);

const name = process.argv[2];
if (!name || !SERVICE_NAMES.includes(name as never)) {
  say(`Usage: npm run rebuild -- <service>, one of: ${rebuildable.join(', ')}`);
  process.exit(2);
}
const definition: ServiceDefinition<unknown> = SERVICES[name as keyof typeof SERVICES];
const projections = definition.projections ?? [];
if (projections.length === 0) {
  // notifications builds its tables from other services' events and keeps no log of its own.
  say(
    `${name} keeps no event log of its own to rebuild from. Services with projections: ${rebuildable.join(', ')}`,
  );
  process.exit(2);
}

const database = createDatabase<unknown>({
  url: config.DATABASE_URL,
  schema: config.DB_SCHEMA ?? name,
  max: 2,
});
const safeUrl = config.DATABASE_URL.replace(/\/\/[^@]*@/, '//');
try {
  const started = performance.now();
  const result = await rebuildProjections(database, projections, {
    logger: createLogger({ name: `${name}-rebuild`, level: config.LOG_LEVEL }),
  });
  const tables = projections.flatMap((p) => p.tables).join(', ');
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  say(
    `Rebuilt ${tables} in schema ${database.schema} of ${safeUrl} from ${result.events} events in ${seconds} s ` +
      `(${result.batches} ${result.batches === 1 ? 'batch' : 'batches'}). The live tables were locked for ${result.lockHeldMs} ms, to apply the ` +
      `${result.eventsUnderLock} events appended meanwhile and swap.`,
  );
} catch (err) {
  const code = (err as { code?: string }).code;
  say(
    code === 'ECONNREFUSED'
      ? `Cannot reach Postgres at ${safeUrl}: start the stack, or set DATABASE_URL (see README, "Rebuilding read tables").`
      : `Rebuild of ${name} failed: ${(err as Error).message}`,
  );
  process.exitCode = 1;
} finally {
  await database.close();
}
