/**
 * How alike a search word and a word of a title must be (pg_trgm's `<%`). The default 0.6 misses
 * one dropped letter in a short word ("bicyle" scores 0.57 against "bicycle"); 0.5 finds it
 * while "chair" still does not match "cheap".
 */
export const WORD_SIMILARITY_THRESHOLD = 0.5;

/**
 * The threshold, set on every connection as it starts (Postgres keeps it until pg_trgm loads and
 * then applies it), so that no search runs without it and no query waits behind setting it.
 */
export const typoToleranceSettings = {
  'pg_trgm.word_similarity_threshold': String(WORD_SIMILARITY_THRESHOLD),
} as const;
