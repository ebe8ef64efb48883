import { readdirSync, readFileSync } from 'node:fs';
import { APP_VERSION, openApiDocument } from '@waco/contracts';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ROOT } from './support/compose';

// What a public project carries, and one version number everywhere an operator reads one: the
// packages, the image tag the manifests deploy and the API document.

const LICENSE_ID = 'AGPL-3.0-or-later';
const read = (path: string) => readFileSync(`${ROOT}${path}`, 'utf8');

const manifests = [
  'package.json',
  ...['libs', 'services'].flatMap((dir) =>
    readdirSync(`${ROOT}${dir}`).map((name) => `${dir}/${name}/package.json`),
  ),
  'launcher/package.json',
  'web/package.json',
  'bench/package.json',
];

describe('the release', () => {
  it('carries the licence text, a security policy, a contributing guide and a changelog', () => {
    const licence = read('LICENSE');
    expect(licence).toMatch(/^GNU AFFERO GENERAL PUBLIC LICENSE\s+Version 3, 19 November 2007/);
    expect(licence).toContain('END OF TERMS AND CONDITIONS');
    expect(read('SECURITY.md')).toMatch(/vulnerability/i);
    expect(read('CONTRIBUTING.md')).toContain('docs/architecture.md');
  });

  it('has the same licence and version in every package.json and its lockfile entry', () => {
    const lock = JSON.parse(read('package-lock.json'));
    expect(lock.version).toBe(APP_VERSION);
    for (const path of manifests) {
      const pkg = JSON.parse(read(path));
      expect(pkg.license, path).toBe(LICENSE_ID);
      expect(pkg.version, path).toBe(APP_VERSION);
      const entry = lock.packages[path === 'package.json' ? '' : path.replace(/\/package\.json$/, '')];
      expect(entry?.version, `package-lock.json's ${path}`).toBe(APP_VERSION);
    }
  });

  it('deploys the image tagged with the version, and the API document says it', () => {
    const base = parse(read('infra/k8s/base/kustomization.yaml'));
    expect(base.images).toEqual([{ name: 'waco-commons', newTag: APP_VERSION }]);
    expect(read('docker-compose.yml')).toContain(`\${WACO_VERSION:-${APP_VERSION}}`);
    expect(read('.env.example')).toMatch(
      new RegExp(`^WACO_VERSION=${APP_VERSION.replaceAll('.', '\\.')}$`, 'm'),
    );
    expect((openApiDocument().info as { version: string }).version).toBe(APP_VERSION);
  });

  it('has a changelog section for the version', () => {
    expect(APP_VERSION).toMatch(/^\d+\.\d+\.\d+$/);
    expect(read('CHANGELOG.md')).toContain(`## [${APP_VERSION}]`);
  });
});
