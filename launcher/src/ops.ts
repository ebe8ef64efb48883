import { join } from 'node:path';
import { loadConfig } from '@waco/platform';
import { z } from 'zod';
import type { OpsBackend } from './ops/backend';
import { COMMANDS } from './ops/commands';
import { REPO_ROOT } from './web-build';

/**
 * `npm run ops -- <command>`: the operator's commands (see ops/commands.ts, and README,
 * "Operating"). Against the distributed stack by default (NATS_URL, BUS_PREFIX, DATABASE_URL);
 * with `--embedded`, or BUS=memory, against `npm start`'s process through its admin endpoint.
 */
const config = loadConfig(
  z.object({
    DATABASE_URL: z.url().default('postgres://postgres@127.0.0.1:5432/waco'),
    NATS_URL: z.string().default('nats://127.0.0.1:4222'),
    BUS_PREFIX: z.string().default(''),
    BUS: z.enum(['nats', 'memory']).default('nats'),
    /** The embedded process's metrics listener, which also answers the admin routes. */
    ADMIN_URL: z.url().default('http://127.0.0.1:9464'),
    /** Its token: ADMIN_TOKEN, or read from the DATA_DIR it was started with (admin-token.ts). */
    ADMIN_TOKEN: z.string().optional(),
    DATA_DIR: z.string().default(join(REPO_ROOT, '.data')),
    LOG_LEVEL: z.string().default('warn'),
    /** After each service's name in its schema's name (as the distributed launcher's schemaSuffix). */
    DB_SCHEMA_SUFFIX: z.string().default(''),
    /** identity's address in the distributed stack, for the keys a rebuild needs. */
    IDENTITY_URL: z.url().default('http://127.0.0.1:4001'),
  }),
);
const say = (line: string) => process.stdout.write(`${line}\n`);
// Piped into `head` and the like: a closed output ends the command quietly.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code === 'EPIPE') process.exit(0);
  throw err;
});

const flags = new Set<string>(process.argv.slice(2).filter((a) => a === '--embedded' || a === '--json'));
const words = process.argv.slice(2).filter((a) => !flags.has(a));
const embedded = flags.has('--embedded') || config.BUS === 'memory';

/** Each service's address: its `<NAME>_URL`, as the gateway is given it, else the distributed mode's port. */
async function serviceUrlsOf(env: NodeJS.ProcessEnv) {
  const { DISTRIBUTED_PORTS, SERVICE_NAMES } = await import('./services');
  return Object.fromEntries(
    SERVICE_NAMES.map((name) => [
      name,
      env[`${name.toUpperCase()}_URL`]?.split(',')[0] ?? `http://127.0.0.1:${DISTRIBUTED_PORTS[name]}`,
    ]),
  );
}

/** The token `npm start` wrote under DATA_DIR (admin-token.ts). */
async function adminTokenOf(dataDir: string) {
  return (await import('./ops/admin-token')).readAdminToken(dataDir);
}

function usage() {
  say('Usage: npm run ops -- [--embedded] [--json] <command>');
  for (const command of Object.values(COMMANDS)) say(`  ${command.usage.padEnd(34)} ${command.summary}`);
  say(`  ${'rebuild <service>'.padEnd(34)} Rebuild a service's read tables from its events`);
  return 2;
}

async function main(): Promise<number> {
  // Loaded when needed: the services' code (rebuild, lag) takes seconds to load.
  if (words[0] === 'rebuild') {
    const { rebuildService } = await import('./ops/rebuild-service');
    // The embedded process says where its Postgres and identity are (their ports are its own).
    const target = embedded
      ? await (await import('./ops/embedded-backend'))
          .embeddedRebuildTarget(
            config.ADMIN_URL,
            config.ADMIN_TOKEN ?? (await adminTokenOf(config.DATA_DIR)),
          )
          .catch((err: Error) => err)
      : { databaseUrl: config.DATABASE_URL, identityUrl: config.IDENTITY_URL, schemas: undefined };
    if (target instanceof Error) {
      say(target.message);
      return 1;
    }
    return rebuildService(words[1], {
      databaseUrl: target.databaseUrl,
      identityUrl: target.identityUrl,
      schema: target.schemas?.[words[1] ?? ''],
      logLevel: config.LOG_LEVEL,
      say,
      usage: 'npm run ops -- rebuild',
    });
  }
  const name = COMMANDS[`${words[0]} ${words[1]}`] ? `${words[0]} ${words[1]}` : (words[0] ?? '');
  const command = COMMANDS[name];
  if (!command) return usage();
  let opened: OpsBackend | undefined;
  try {
    return await command.run({
      backend: async () => {
        opened ??= embedded
          ? (await import('./ops/embedded-backend')).embeddedBackend(
              config.ADMIN_URL,
              config.ADMIN_TOKEN ?? (await adminTokenOf(config.DATA_DIR)),
            )
          : await (await import('./ops/distributed-backend')).distributedBackend({
              natsUrl: config.NATS_URL,
              prefix: config.BUS_PREFIX,
              databaseUrl: config.DATABASE_URL,
              schemaSuffix: config.DB_SCHEMA_SUFFIX,
              serviceUrls: () => serviceUrlsOf(process.env),
            });
        return opened;
      },
      args: words.slice(name.split(' ').length),
      json: flags.has('--json'),
      say,
    });
  } catch (err) {
    say((err as Error).message);
    return 1;
  } finally {
    await opened?.close();
  }
}

process.exitCode = await main();
