import type { Database } from '@waco/platform';

/**
 * How alike a search word and a word of a title must be (pg_trgm's `<%`). The default 0.6 misses
 * one dropped letter in a short word ("bicyle" scores 0.57 against "bicycle"); 0.5 finds it
 * while "chair" still does not match "cheap".
 */
export const WORD_SIMILARITY_THRESHOLD = 0.5;

const configured = new WeakSet<object>();

/**
 * Sets the threshold on every connection of the pool, the first time each is handed out. The
 * setting is queued before the borrower's first query, so no search runs without it.
 */
export function configureTypoTolerance(pool: Database['pool']) {
  pool.on('acquire', (client) => {
    if (configured.has(client)) return;
    configured.add(client);
    client
      .query(`SELECT set_config('pg_trgm.word_similarity_threshold', '${WORD_SIMILARITY_THRESHOLD}', false)`)
      .catch(() => configured.delete(client));
  });
}
