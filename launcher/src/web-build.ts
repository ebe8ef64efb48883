import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const REPO_ROOT = join(import.meta.dirname, '..', '..');
export const WEB_DIST = join(REPO_ROOT, 'web', 'dist');

/** What the web build is made from: a change in any of these makes web/dist stale. */
const WEB_SOURCES = [
  'web/src',
  'web/sw',
  'web/public',
  'web/index.html',
  'web/vite.config.ts',
  'web/build-plugins.ts',
  'web/pwa-build.ts',
  'libs/contracts/src',
];

/** The newest modification time under a file or folder (0 when it does not exist). */
function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestChange(join(path, entry)));
  return newest;
}

/** Whether `webDist` lacks the app or is older than any of its sources under `root`. */
export function webBuildIsStale(webDist: string, root: string): boolean {
  const index = join(webDist, 'index.html');
  if (!existsSync(index)) return true;
  const changed = Math.max(...WEB_SOURCES.map((p) => newestChange(join(root, p))));
  return statSync(index).mtimeMs <= changed;
}

/**
 * Builds the web app when it has not been built yet (first start after `npm install`) or when
 * its sources changed since the last build (after a `git pull`), so `npm start` never serves an
 * older app than the code beside it.
 */
export function ensureWebBuild(log: (line: string) => void, webDist = WEB_DIST) {
  const index = join(webDist, 'index.html');
  // A WEB_DIST of one's own is served as it is: only the repository's web/dist is built here.
  if (webDist !== WEB_DIST) {
    if (!existsSync(index)) throw new Error(`WEB_DIST has no index.html: ${webDist}`);
    return;
  }
  const built = existsSync(index);
  if (!webBuildIsStale(webDist, REPO_ROOT)) return;
  log(
    built
      ? 'Building the web app (its sources changed since the last build)...'
      : 'Building the web app (first start only)...',
  );
  // The build's own listing (every chunk) is shown only when it fails.
  const result = spawnSync('npm', ['run', 'build', '-w', 'web'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) {
    log(`${result.stdout ?? ''}${result.stderr ?? ''}`.trim());
    throw new Error('The web app failed to build: run `npm run build -w web` to see why.');
  }
}
