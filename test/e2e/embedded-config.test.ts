import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { embeddedConfigSchema, stackSettingsOf } from '@waco/launcher/embedded-config';
import { type EmbeddedStore, startEmbeddedStore } from '@waco/launcher/object-store';
import { type RunningStack, startStack } from '@waco/launcher/stack';
import { createMediaService } from '@waco/media';
import { InProcessBus, loadConfig, type ServiceDefinition } from '@waco/platform';
import { requirePostgres, TEST_DATABASE_URL, testLogger, uniqueName } from '@waco/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropStackSchemas } from './support/embedded-test-stack';

// `npm start` reads the README's variables as the distributed mode does (issue: it ignored
// NODE_ENV and the rate limits). The stack here is built from an environment exactly as
// launcher/src/embedded.ts builds it, on the machine's Postgres (DATABASE_URL) in fresh schemas.

const README = readFileSync(join(import.meta.dirname, '..', '..', 'README.md'), 'utf8');

describe("the README's configuration table", () => {
  const section = README.slice(README.indexOf('## Configuration'), README.indexOf('## Tests'));
  const documented = section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) =>
      [...(line.split('|')[1] ?? '').matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1] as string),
    );
  const paragraph = section.slice(section.indexOf('`npm start` and `npm run start:distributed` read'));
  const oneProcessOnly = paragraph
    .slice(0, paragraph.indexOf('\n\n'))
    .split('which have no meaning')[1] as string;

  it('lists variables, and says which have no meaning in one process', () => {
    expect(documented).toContain('RATE_LIMIT_PER_MINUTE');
    expect(oneProcessOnly).toContain('`DB_SCHEMA`');
  });

  it.each(documented)('%s is read by npm start, or is one that names a single process', (name) => {
    const excepted = [...oneProcessOnly.matchAll(/`([A-Z0-9_]+)(\*?)`/g)].some(([, prefix, star]) =>
      star ? name.startsWith(prefix as string) : name === prefix,
    );
    if (!excepted) expect(Object.keys(embeddedConfigSchema.shape)).toContain(name);
  });
});

describe('npm start from its environment', () => {
  let stack: RunningStack;
  let store: EmbeddedStore;
  const dataDir = mkdtempSync(join(tmpdir(), 'waco-config-s3-'));
  const suffix = `_${uniqueName('cfg').split('_')[1]}`;

  beforeAll(async () => {
    await requirePostgres();
    const env = {
      DATABASE_URL: TEST_DATABASE_URL,
      NODE_ENV: 'production',
      RATE_LIMIT_PER_MINUTE: '3',
      AUTH_RATE_LIMIT_PER_MINUTE: '1',
      TRUST_PROXY: '127.0.0.1',
      WEB_DIST: '/nonexistent',
    };
    const config = loadConfig(embeddedConfigSchema, env);
    store = await startEmbeddedStore({ dataDir, maxBodyBytes: 10 * 1024 * 1024 });
    stack = await startStack({
      ...stackSettingsOf(config, env),
      storageUpstream: store.origin,
      definitions: { media: createMediaService({ storage: store.storage }) as ServiceDefinition<unknown> },
      databaseUrl: config.DATABASE_URL as string,
      bus: new InProcessBus(testLogger),
      logger: testLogger,
      port: 0,
      schemaSuffix: suffix,
    });
  });

  afterAll(async () => {
    await stack?.stop();
    await store?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    await dropStackSchemas(suffix);
  });

  const from = (client: string, path: string, init: RequestInit = {}) =>
    fetch(`${stack.url}${path}`, {
      ...init,
      headers: { 'x-forwarded-for': client, 'content-type': 'application/json', ...init.headers },
    });

  it('applies NODE_ENV, the rate limits and TRUST_PROXY', async () => {
    const client = '203.0.113.10';
    // NODE_ENV=production: Secure cookies, and no dev sign-in.
    const signup = await from(client, '/api/signup', {
      method: 'POST',
      body: JSON.stringify({
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: `${uniqueName('ada')}@example.com`,
        password: 'correct horse battery',
      }),
    });
    expect(signup.status).toBe(201);
    expect(signup.headers.get('set-cookie')).toMatch(/;\s*Secure/i);
    expect((await from(client, '/api/dev/login-test-user', { method: 'POST', body: '{}' })).status).toBe(404);

    // AUTH_RATE_LIMIT_PER_MINUTE=1: one attempt at a password, then 429.
    const login = () =>
      from(client, '/api/login', {
        method: 'POST',
        body: JSON.stringify({ email: 'nobody@example.com', password: 'whatever' }),
      });
    expect((await login()).status).toBe(401);
    expect((await login()).status).toBe(429);

    // RATE_LIMIT_PER_MINUTE=3: the dev sign-in was one, two more pass, the next is refused.
    expect((await from(client, '/api/posts')).status).toBe(200);
    expect((await from(client, '/api/posts')).status).toBe(200);
    expect((await from(client, '/api/posts')).status).toBe(429);

    // TRUST_PROXY=127.0.0.1: the proxy's X-Forwarded-For names another client, with its own limit.
    expect((await from('203.0.113.11', '/api/posts')).status).toBe(200);
  });
});
