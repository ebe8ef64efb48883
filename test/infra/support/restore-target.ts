import { TEST_DATABASE_URL, uniqueName } from '@waco/platform/testing';
import pg from 'pg';

/**
 * A database for a backup to be restored into: its name (after `prefix`), URL and a pool on it;
 * made and dropped by the given admin connection.
 */
export function restoreTarget(prefix: string) {
  const name = uniqueName(prefix);
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  // DROP DATABASE ... WITH (FORCE) at the end ends connections still closing.
  pool.on('error', () => {});
  return {
    name,
    url: url.toString(),
    pool,
    create: (admin: pg.Pool) => admin.query(`CREATE DATABASE ${name}`),
    async drop(admin: pg.Pool) {
      await pool.end();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
