import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The seed's photos, shipped in the repository (drawn by generate-images.ts). */
export const SEED_IMAGES_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'seed', 'images');

/** The names of the shipped photos, without `.jpg`. */
export function seedImageNames(): string[] {
  return readdirSync(SEED_IMAGES_DIR)
    .filter((f) => f.endsWith('.jpg'))
    .map((f) => f.slice(0, -4));
}
