import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureWebBuild, webBuildIsStale } from '../src/web-build';

// The repository's own web/dist (rebuilt when stale) is exercised by every browser test's start;
// here, the rule for a WEB_DIST of one's own: served as it is, refused when it holds no app.
describe('ensureWebBuild with a WEB_DIST of its own', () => {
  it('serves a folder that holds index.html as it is, without building', () => {
    const dir = mkdtempSync(join(tmpdir(), 'waco-web-dist-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html>');
    const lines: string[] = [];
    ensureWebBuild((line) => lines.push(line), dir);
    expect(lines).toEqual([]);
  });

  it('refuses a folder without index.html, naming it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'waco-web-dist-'));
    expect(() => ensureWebBuild(() => {}, dir)).toThrow(`WEB_DIST has no index.html: ${dir}`);
  });
});

describe('webBuildIsStale', () => {
  const repo = () => {
    const root = mkdtempSync(join(tmpdir(), 'waco-web-root-'));
    mkdirSync(join(root, 'web', 'src', 'features'), { recursive: true });
    mkdirSync(join(root, 'web', 'dist'), { recursive: true });
    writeFileSync(join(root, 'web', 'src', 'features', 'Card.tsx'), 'export {}');
    return {
      root,
      dist: join(root, 'web', 'dist'),
      source: join(root, 'web', 'src', 'features', 'Card.tsx'),
    };
  };
  const at = (path: string, seconds: number) => utimesSync(path, seconds, seconds);

  it('is stale without a build', () => {
    const { root, dist } = repo();
    expect(webBuildIsStale(dist, root)).toBe(true);
  });

  it('is fresh when the build is newer than every source, stale once a source changes after it', () => {
    const { root, dist, source } = repo();
    writeFileSync(join(dist, 'index.html'), '<!doctype html>');
    for (const dir of ['web/src/features', 'web/src', 'web']) at(join(root, dir), 1_000);
    at(source, 1_000);
    at(join(dist, 'index.html'), 2_000);
    expect(webBuildIsStale(dist, root)).toBe(false);
    at(source, 3_000); // e.g. after a git pull
    expect(webBuildIsStale(dist, root)).toBe(true);
  });
});
