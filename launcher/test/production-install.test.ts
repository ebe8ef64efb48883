import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const manifest = (dir: string) => JSON.parse(readFileSync(join(ROOT, dir, 'package.json'), 'utf8'));

describe('a production install', () => {
  it('has no s3rver: only the launcher needs it, as a development dependency', () => {
    expect(manifest('services/media').dependencies).not.toHaveProperty('s3rver');
    expect(manifest('launcher').dependencies).not.toHaveProperty('s3rver');
    expect(manifest('launcher').devDependencies).toHaveProperty('s3rver');
    // What `npm ci --omit=dev` would install, from the lockfile: s3rver is not in it.
    // (npm ls exits 1 when it finds nothing; the JSON says what it found.)
    const ls = (...flags: string[]) =>
      JSON.stringify(
        JSON.parse(
          spawnSync('npm', ['ls', 's3rver', '--all', '--json', ...flags], { cwd: ROOT, encoding: 'utf8' })
            .stdout,
        ),
      );
    expect(ls()).toContain('s3rver'); // installed here, for development
    expect(ls('--omit=dev')).not.toContain('s3rver');
  });
});
