import { type Database, type PersonalData, type Projection, rebuildProjections } from '@waco/platform';
import { queryRows } from '@waco/platform/testing';

/**
 * A service's read tables as its live writes left them, and again once rebuilt from its log: a
 * test expects the two to be the same. Rows are read in the order of their first two columns.
 */
export async function liveAndRebuiltTables<DB>(
  running: { database: Database<DB>; personalData?: PersonalData },
  projections: readonly Projection<DB>[],
) {
  const schema = running.database.schema;
  const rows = queryRows(running.database.pool);
  const tables = projections.flatMap((p) => p.tables);
  const snapshot = () =>
    Promise.all(tables.map((table) => rows(`SELECT * FROM "${schema}"."${table}" ORDER BY 1, 2`)));
  const live = await snapshot();
  await rebuildProjections(running.database, projections, { personalData: running.personalData });
  return { live, rebuilt: await snapshot() };
}
