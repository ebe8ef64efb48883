import { execFileSync } from 'node:child_process';
import { SERVICE_NAMES } from '@waco/contracts/routes';
import { identityService } from '@waco/identity';
import { createDatabase, migrate } from '@waco/platform';
import { requirePostgres, TEST_DATABASE_URL, uniqueName } from '@waco/platform/testing';
import { postsService } from '@waco/posts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from './support/compose';

// infra/postgres/init.sh, as the Postgres container runs it on its first start, here on a fresh
// database of the machine's Postgres: each service's role migrates its own schema and cannot
// touch another's.

/** Every service: each gets its role and schema from init.sh. */
const SERVICES = SERVICE_NAMES;
const database = uniqueName('initdb');
const prefix = `${uniqueName('r')}_`;
const admin = new pg.Pool({ connectionString: TEST_DATABASE_URL, max: 1 });

function urlFor(db: string, role?: string) {
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${db}`;
  if (role) {
    url.username = role;
    url.password = `pw-${role}`;
  }
  return url.toString();
}

beforeAll(async () => {
  await requirePostgres();
  await admin.query(`CREATE DATABASE ${database}`);
  const url = new URL(TEST_DATABASE_URL);
  execFileSync('bash', ['infra/postgres/init.sh'], {
    cwd: ROOT,
    stdio: 'pipe',
    env: {
      ...process.env,
      PGHOST: url.hostname,
      PGPORT: url.port || '5432',
      POSTGRES_USER: decodeURIComponent(url.username),
      POSTGRES_DB: database,
      DB_ROLE_PREFIX: prefix,
      ...Object.fromEntries(SERVICES.map((s) => [`${s.toUpperCase()}_DB_PASSWORD`, `pw-${prefix}${s}`])),
    },
  });
});

afterAll(async () => {
  await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  for (const s of SERVICES) await admin.query(`DROP ROLE IF EXISTS ${prefix}${s}`);
  await admin.end();
});

describe('infra/postgres/init.sh', () => {
  it('lets each service migrate its own schema as its own role, and keeps it out of the others', async () => {
    const identity = createDatabase({
      url: urlFor(database, `${prefix}identity`),
      schema: 'identity',
      max: 2,
    });
    const posts = createDatabase({ url: urlFor(database, `${prefix}posts`), schema: 'posts', max: 2 });
    try {
      await migrate(identity, identityService.migrations);
      await migrate(posts, postsService.migrations);
      const tables = await identity.pool.query(
        `SELECT table_name FROM information_schema.tables WHERE table_schema = 'identity' LIMIT 1`,
      );
      const table = tables.rows[0].table_name as string;
      await expect(posts.pool.query(`SELECT * FROM identity.${table}`)).rejects.toThrow(/permission denied/);
      await expect(posts.pool.query(`CREATE TABLE identity.intruder (x int)`)).rejects.toThrow(
        /permission denied/,
      );
      await expect(posts.pool.query(`CREATE TABLE public.intruder (x int)`)).rejects.toThrow(
        /permission denied/,
      );
      await expect(posts.pool.query(`CREATE SCHEMA sneaky`)).rejects.toThrow(/permission denied/);
    } finally {
      await identity.close();
      await posts.close();
    }
  });
});
