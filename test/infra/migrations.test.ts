import { createDatabase, migrate } from '@waco/platform';
import { requirePostgres, TEST_DATABASE_URL, uniqueName } from '@waco/platform/testing';
import { postsService } from '@waco/posts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// What a deployment relies on when it starts: several replicas of a service migrating the same
// schema at once, and a service role that owns its own schema and nothing else
// (infra/postgres/init-roles.sh creates such roles for docker compose).

const admin = new pg.Pool({ connectionString: TEST_DATABASE_URL, max: 2 });
const schemas: string[] = [];
const roles: string[] = [];

beforeAll(async () => {
  await requirePostgres();
  // As infra/postgres does once per database: the posts service's search needs it.
  await admin.query('CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public').catch(() => {});
});

afterAll(async () => {
  for (const schema of schemas) await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  for (const role of roles) {
    await admin.query(`DROP OWNED BY ${role}`);
    await admin.query(`DROP ROLE IF EXISTS ${role}`);
  }
  await admin.end();
});

function urlAs(role: string) {
  const url = new URL(TEST_DATABASE_URL);
  url.username = role;
  url.password = '';
  return url.toString();
}

describe('migrations at deployment', () => {
  it('five replicas starting at once on an empty schema all start, and each migration runs once', async () => {
    const schema = uniqueName('mig');
    schemas.push(schema);
    const replicas = Array.from({ length: 5 }, () =>
      createDatabase({ url: TEST_DATABASE_URL, schema, max: 3 }),
    );
    try {
      const results = await Promise.allSettled(replicas.map((d) => migrate(d, postsService.migrations)));
      expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
      const { rows } = await admin.query(
        `SELECT name, count(*)::int AS n FROM ${schema}.kysely_migration GROUP BY name`,
      );
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => r.n === 1)).toBe(true);
    } finally {
      await Promise.all(replicas.map((d) => d.close()));
    }
  });

  it('a role that owns only its schema migrates it, and can neither read another schema nor create one', async () => {
    const role = uniqueName('svc_role');
    const schema = uniqueName('own');
    const other = uniqueName('other');
    roles.push(role);
    schemas.push(schema, other);
    await admin.query(`CREATE ROLE ${role} LOGIN`);
    await admin.query(`CREATE SCHEMA ${schema} AUTHORIZATION ${role}`);
    await admin.query(`CREATE SCHEMA ${other}`);
    await admin.query(`CREATE TABLE ${other}.secrets (v text)`);

    const database = createDatabase({ url: urlAs(role), schema, max: 2 });
    try {
      await migrate(database, postsService.migrations);
      const { rows } = await database.pool.query(`SELECT count(*)::int AS n FROM ${schema}.kysely_migration`);
      expect(rows[0].n).toBeGreaterThan(0);
      await expect(database.pool.query(`SELECT * FROM ${other}.secrets`)).rejects.toThrow(
        /permission denied/,
      );
      await expect(database.pool.query(`CREATE SCHEMA ${uniqueName('sneaky')}`)).rejects.toThrow(
        /permission denied/,
      );
    } finally {
      await database.close();
    }
  });
});
