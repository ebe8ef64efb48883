// `npm run build` (first half; the second is `npm run build -w web`): compiles every workspace
// package that runs in production (libs/*, services/*) to JavaScript under its own `dist/`, so
// that a service starts with plain `node services/<name>/dist/main.js`, no tsx at run time.
//
// What a package compiles: the targets of its `exports` (each `waco-source` file, written to the
// `default` path beside it) and each `tsx src/<entry>.ts` of its npm scripts (main.ts). Exports
// with no `waco-source` condition (platform's `./testing`, media's `./object-store` for the
// launcher) stay TypeScript: only development tools import them.
//
// Why esbuild, one bundle per package: our sources import each other without file extensions
// (TypeScript's "bundler" resolution), which Node's ESM loader cannot follow, so tsc's per-file
// output would not run as is; rewriting every import is not worth it. esbuild (already here for
// vite and tsx) bundles a package's own files into its dist/ and leaves every package import
// (npm or @waco/*) for Node to resolve from node_modules at run time, from the package's own
// folder, as `npm ci --omit=dev` laid them out. Type checking stays with `npm run check`.
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The folders of the workspace packages that run in production. */
export function productionPackages(root = REPO_ROOT): string[] {
  return ['libs', 'services'].flatMap((group) =>
    readdirSync(join(root, group))
      .filter((name) => existsSync(join(root, group, name, 'package.json')))
      .sort()
      .map((name) => `${group}/${name}`),
  );
}

interface Manifest {
  exports?: Record<string, string | Record<string, string>>;
  scripts?: Record<string, string>;
}

/** The source files a package compiles, each with the JavaScript file it becomes. */
export function packageEntries(packageDir: string): { source: string; output: string }[] {
  const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as Manifest;
  const entries = new Map<string, string>();
  const outputOf = (source: string) => `./dist/${source.replace(/^\.?\/?src\//, '').replace(/\.ts$/, '.js')}`;
  for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
    if (typeof target === 'string') continue;
    const source = target['waco-source'];
    if (!source) continue;
    if (target.default !== outputOf(source)) {
      throw new Error(
        `${packageDir}/package.json: exports["${subpath}"].default must be ${outputOf(source)} (the compiled ${source})`,
      );
    }
    entries.set(source, target.default);
  }
  for (const script of Object.values(manifest.scripts ?? {})) {
    for (const m of script.matchAll(/\btsx (src\/[\w./-]+\.ts)\b/g)) {
      const source = `./${m[1]}`;
      entries.set(source, outputOf(source));
    }
  }
  return [...entries].map(([source, output]) => ({ source, output }));
}

/** Compiles every production package; returns the files written, relative to the root. */
export async function buildPackages(root = REPO_ROOT): Promise<string[]> {
  const written: string[] = [];
  for (const pkg of productionPackages(root)) {
    const dir = join(root, pkg);
    const entries = packageEntries(dir);
    rmSync(join(dir, 'dist'), { recursive: true, force: true });
    if (entries.length === 0) continue;
    await build({
      absWorkingDir: dir,
      entryPoints: entries.map((e) => e.source),
      outdir: 'dist',
      outbase: 'src',
      bundle: true,
      // Every package import stays an import: Node resolves it from this package's folder.
      packages: 'external',
      // Entries of one package share code through chunks, not copies. Chunks sit beside the
      // entries, at the depth of src/, so paths found from import.meta.url stay the same.
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node24',
      sourcemap: true,
      // Class and function names stay readable in logs and stack traces.
      keepNames: true,
      logLevel: 'warning',
    });
    written.push(...entries.map((e) => relative(root, join(dir, e.output))));
  }
  return written;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const written = await buildPackages();
  console.log(`compiled ${written.length} entry points:\n  ${written.join('\n  ')}`);
}
