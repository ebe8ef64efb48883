import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { APP_ROUTES } from '@waco/contracts';
import { describe, expect, it } from 'vitest';

// The web's layout rules (docs/architecture.md, "Web"), checked on the sources.
const src = resolve(dirname(fileURLToPath(import.meta.url)), '../src');

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The module names a file imports (static and dynamic imports, re-exports). */
function importsOf(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g))
    found.push(match[1] as string);
  return found;
}

/** A string literal that starts an API address: `'/api/…'`, `"/api/…"` or `` `/api/…` ``. */
const API_LITERAL = /['"`]\/api(?:\/|['"`?])/;

describe('web layout', () => {
  it('ui/ imports nothing from the app: only packages, other ui/ files and t()', () => {
    const ui = join(src, 'ui');
    // The texts' translation (i18n/i18n.ts) is below ui/: it imports nothing of the app.
    const translation = join(src, 'i18n/i18n');
    const escapes: string[] = [];
    for (const file of sourcesUnder(ui)) {
      for (const name of importsOf(readFileSync(file, 'utf8'))) {
        if (!name.startsWith('.')) continue;
        const target = resolve(dirname(file), name);
        if (target === translation) continue;
        if (relative(ui, target).startsWith('..')) escapes.push(`${relative(src, file)} imports ${name}`);
      }
    }
    expect(escapes).toEqual([]);
  });

  it('no API address is written outside the typed client (src/api)', () => {
    const api = join(src, 'api');
    const written = sourcesUnder(src)
      .filter((file) => relative(api, file).startsWith('..'))
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .map((line, i) => ({ line, at: `${relative(src, file)}:${i + 1}` }))
          .filter(({ line }) => API_LITERAL.test(line))
          .map(({ at, line }) => `${at}: ${line.trim()}`),
      );
    expect(written).toEqual([]);
  });

  it("the router's pages are APP_ROUTES', every one and no other (the gateway answers the rest 404)", () => {
    const routes = readFileSync(join(src, 'app/routes.tsx'), 'utf8');
    const paths = [...routes.matchAll(/<Route\s+path=\{?([^}>\s]+)/g)].map((m) => m[1]);
    // "*" is the router's own catch-all: the 404 page, for what the gateway already answered 404.
    const named = paths.filter((path) => path !== '"*"');
    expect(named.filter((path) => !path?.startsWith('APP_ROUTES.'))).toEqual([]);
    expect(new Set(named)).toEqual(new Set(Object.keys(APP_ROUTES).map((name) => `APP_ROUTES.${name}`)));
  });

  it('the checks see what they look for', () => {
    expect(importsOf("import { a } from '../features/x';\nconst B = lazy(() => import('./B'));")).toEqual([
      '../features/x',
      './B',
    ]);
    expect(API_LITERAL.test("apiRequest('/api/posts')")).toBe(true);
    expect(API_LITERAL.test('fetch(`/api/users/` + id)')).toBe(true);
    expect(API_LITERAL.test("import { api } from '../api/client';")).toBe(false);
  });
});
