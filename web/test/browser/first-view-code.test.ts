import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { ensureFreshWebBuild, firstViewFiles, WEB_DIST } from './harness';

// The feed's first view loads the app's entry and the feed page's chunk with their static
// imports (Vite's manifest). zod (about 25 KB compressed) is not among them: a constant of
// @waco/contracts the first view shows must live in a module without schemas, since a module's
// top-level schemas come along with any one of its exports (personal-data-words.ts).

beforeAll(ensureFreshWebBuild, 240_000);

it.each(['src/pages/FeedPage.tsx', 'src/pages/WelcomePage.tsx', 'src/pages/UserPage.tsx'])(
  'the first view of %s carries no zod',
  (page) => {
    const withZod = firstViewFiles(page).filter((file) =>
      readFileSync(join(WEB_DIST, file), 'utf8').includes('ZodError'),
    );
    expect(withZod).toEqual([]);
  },
);
