import type { Migration } from 'kysely/migration';
import { uploads } from './0001_uploads';
import { declaredSize } from './0002_declared_size';
import { photoUses } from './0003_photo_uses';

/** Media's migrations, run in name order after the platform's `0000_` ones. */
export const mediaMigrations: Record<string, Migration> = {
  '0001_uploads': uploads,
  '0002_declared_size': declaredSize,
  '0003_photo_uses': photoUses,
};
