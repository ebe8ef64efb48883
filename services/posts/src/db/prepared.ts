import { createHash } from 'node:crypto';
import type { Database } from '@waco/platform';
import type { Kysely, RawBuilder } from 'kysely';
import type { PostsDatabase } from './schema';

/** The two ways to the posts schema: kysely for most queries, the pool for prepared ones. */
export interface PostsDb {
  db: Kysely<PostsDatabase>;
  pool: Database['pool'];
}

const names = new Map<string, string>();
const MAX_NAMES = 2000;

/**
 * Runs a query as a named prepared statement, so that each connection parses and plans it once
 * rather than on every request: planning costs Postgres more than running a feed page does.
 * Only for queries whose SQL text takes a bounded number of shapes (values go in parameters).
 */
export async function queryPrepared<R>(store: PostsDb, query: RawBuilder<R>): Promise<R[]> {
  const compiled = query.compile(store.db);
  let name = names.get(compiled.sql);
  if (!name) {
    name = `posts_${createHash('sha1').update(compiled.sql).digest('base64url').slice(0, 24)}`;
    if (names.size < MAX_NAMES) names.set(compiled.sql, name);
  }
  const { rows } = await store.pool.query({ name, text: compiled.sql, values: [...compiled.parameters] });
  return rows as R[];
}
