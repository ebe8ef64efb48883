import type { Migration } from 'kysely/migration';
import { postsReactionsFilters } from './0001_posts_reactions_filters';

/** The posts service's migrations, run in name order after the platform's `0000_` ones. */
export const postsMigrations: Record<string, Migration> = {
  '0001_posts_reactions_filters': postsReactionsFilters,
};
