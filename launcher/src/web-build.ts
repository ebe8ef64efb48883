import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export const REPO_ROOT = join(import.meta.dirname, '..', '..');
export const WEB_DIST = join(REPO_ROOT, 'web', 'dist');

/** Builds the web app when it has not been built yet (first start after `npm install`). */
export function ensureWebBuild(log: (line: string) => void, webDist = WEB_DIST) {
  if (existsSync(join(webDist, 'index.html'))) return;
  // A WEB_DIST of one's own is served as it is: only the repository's web/dist is built here.
  if (webDist !== WEB_DIST) throw new Error(`WEB_DIST has no index.html: ${webDist}`);
  log('Building the web app (first start only)...');
  const result = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (result.status !== 0)
    throw new Error('The web app failed to build: run `npm run build -w web` to see why.');
}
