import { type Database, type PersonalData, type Projection, rebuildProjections } from '@waco/platform';
import { queryRows } from '@waco/platform/testing';
import { expect } from 'vitest';

/**
 * Rebuilds a service's read tables from its log, and expects them row for row as its live writes
 * left them; more than `moreRowsThan` rows in all first, so that the comparison says something.
 * Rows are read in the order of their first two columns.
 */
export async function expectRebuildToMatchLive<DB>(
  running: { database: Database<DB>; personalData?: PersonalData },
  projections: readonly Projection<DB>[],
  moreRowsThan: number,
) {
  const schema = running.database.schema;
  const rows = queryRows(running.database.pool);
  const tables = projections.flatMap((p) => p.tables);
  const snapshot = () =>
    Promise.all(tables.map((table) => rows(`SELECT * FROM "${schema}"."${table}" ORDER BY 1, 2`)));
  const live = await snapshot();
  expect(live.flat().length).toBeGreaterThan(moreRowsThan);
  await rebuildProjections(running.database, projections, { personalData: running.personalData });
  expect(await snapshot()).toEqual(live);
}
