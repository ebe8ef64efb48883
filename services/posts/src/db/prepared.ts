import { type Database, preparedStatementName } from '@waco/platform';
import type { Kysely, RawBuilder } from 'kysely';
import type { PostsDatabase } from './schema';

/** The two ways to the posts schema: kysely for most queries, the pool for prepared ones. */
export interface PostsDb {
  db: Kysely<PostsDatabase>;
  pool: Database['pool'];
}

/**
 * Runs a query as a named prepared statement, so that each connection parses and plans it once
 * rather than on every request: planning costs Postgres more than running a feed page does.
 * Only for queries whose SQL text takes a bounded number of shapes (values go in parameters).
 * The same names as the platform's marked statements (`/* prepared *\/`, prepared-statements.ts).
 */
export async function queryPrepared<R>(store: PostsDb, query: RawBuilder<R>): Promise<R[]> {
  const compiled = query.compile(store.db);
  const name = preparedStatementName(compiled.sql);
  const values = [...compiled.parameters];
  const { rows } = await (name
    ? store.pool.query({ name, text: compiled.sql, values })
    : store.pool.query(compiled.sql, values));
  return rows as R[];
}
