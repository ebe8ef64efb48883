import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import {
  deleteTestStreams,
  dropSchema,
  freePort,
  requireNats,
  requirePostgres,
  TEST_DATABASE_URL,
  TEST_NATS_URL,
  uniqueName,
} from '@waco/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPackages, REPO_ROOT } from '../../scripts/build';
import { type CompiledService, startCompiledService } from '../../scripts/compiled-service';

// What the production image runs: `npm run build`'s JavaScript started with plain node (no tsx,
// no TypeScript), on the machine's Postgres and NATS JetStream. scripts/check-production-install.ts
// does the same for every service from a `npm ci --omit=dev` install.

const schema = uniqueName('identity_compiled');
const busPrefix = uniqueName('compiled').replace('_', '');
let identity: CompiledService | undefined;

/** Where plain node, in identity's folder, finds @waco/platform (with extra node flags). */
function resolvePlatform(...flags: string[]) {
  const { NODE_OPTIONS: _dropped, ...env } = process.env;
  return execFileSync(
    process.execPath,
    [...flags, '--input-type=module', '-e', "console.log(import.meta.resolve('@waco/platform'))"],
    { cwd: join(REPO_ROOT, 'services', 'identity'), env, encoding: 'utf8' },
  ).trim();
}

beforeAll(async () => {
  await requirePostgres();
  await requireNats();
  const written = await buildPackages();
  expect(written).toContain('services/identity/dist/main.js');
  identity = await startCompiledService(REPO_ROOT, 'identity', await freePort(), {
    NODE_ENV: 'production',
    DATABASE_URL: TEST_DATABASE_URL,
    DB_SCHEMA: schema,
    BUS: 'nats',
    NATS_URL: TEST_NATS_URL,
    BUS_PREFIX: busPrefix,
  });
}, 120_000);

afterAll(async () => {
  await identity?.stop();
  await dropSchema(schema).catch(() => {});
  await deleteTestStreams(busPrefix);
});

describe('a service compiled by npm run build', () => {
  it('resolves our packages to their compiled JavaScript under plain node, to the sources for dev tools', () => {
    expect(resolvePlatform()).toMatch(/\/libs\/platform\/dist\/index\.js$/);
    expect(resolvePlatform('--conditions=waco-source')).toMatch(/\/libs\/platform\/src\/index\.ts$/);
  });

  it('starts with plain node and is ready on the real Postgres and NATS JetStream', async () => {
    const res = await fetch(`${identity?.url}/readyz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ready', checks: { database: 'ok', bus: 'ok' } });
  });

  it('serves its API: an anonymous /api/user is a 401 with a JSON message', async () => {
    const res = await fetch(`${identity?.url}/api/user`);
    expect(res.status).toBe(401);
    expect(await res.json()).toHaveProperty('message');
  });

  it('drains and exits 0 on SIGTERM, as a container stop sends', async () => {
    const code = await identity?.stop();
    expect(code, identity?.output()).toBe(0);
  });
});
