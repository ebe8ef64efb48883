import type { Migration } from 'kysely/migration';
import { uploads } from './0001_uploads';

/** Media's migrations, run in name order after the platform's `0000_` ones. */
export const mediaMigrations: Record<string, Migration> = {
  '0001_uploads': uploads,
};
