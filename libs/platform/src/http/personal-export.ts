import type { ExportPartName } from '@waco/contracts';
import type pg from 'pg';
import type { HttpApp } from './app';
import { registerEndpoint } from './endpoint';

/**
 * What a service holds about one user, section by section: each a query whose only parameter
 * ($1) is the user's id. Every table holding a row about the user belongs in one of them.
 */
export type PersonalDataQueries = Record<string, string>;

/**
 * Serves a service's part of an account export: every section's rows about the user,
 * their columns in camelCase. The gateway gathers every service's part for `GET /api/user/export`.
 */
export function registerPersonalExport(
  app: HttpApp,
  name: ExportPartName,
  pool: Pick<pg.Pool, 'query'>,
  queries: PersonalDataQueries,
) {
  registerEndpoint(app, name, async (req) => {
    const { id } = req.params as { id: string };
    const part: Record<string, unknown[]> = {};
    for (const [section, text] of Object.entries(queries)) {
      const { rows } = await pool.query(text, [id]);
      part[section] = rows.map(camelCaseKeys);
    }
    return part;
  });
}

const camelCaseKeys = (row: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(row).map(([key, value]) => [
      key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase()),
      value,
    ]),
  );
