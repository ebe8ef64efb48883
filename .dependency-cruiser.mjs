// The import rules of docs/architecture.md, checked by `npm run check:imports` (part of
// `npm run check`, so CI fails on a violation). Layers run bench → launcher → services → libs;
// nothing imports back up, no service imports another, and a package is entered only through its
// package.json `exports` (`@waco/platform/testing`), never by a path into its src/ or test/.

// A workspace package's folder; the repository root's own files (test/, scripts/) are outside it.
const PACKAGE = '^((?:libs|services)/[^/]+|launcher|web|bench)/';
const ROOT_FILES = '^(test|scripts)/|^[^/]+\\.[cm]?ts$';

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import loop: split the shared part into a module both sides import.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-unresolvable',
      severity: 'error',
      comment: 'An import that resolves to no file (or to a path the package does not export).',
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: 'no-path-into-another-package',
      severity: 'error',
      comment: "Another package's files by relative path: import its package name and exports instead.",
      from: { path: PACKAGE },
      to: { path: PACKAGE, pathNot: '^$1/', dependencyTypes: ['local'], dependencyTypesNot: ['aliased'] },
    },
    {
      name: 'no-path-from-root-into-a-package',
      severity: 'error',
      comment: "A package's files by relative path from test/ or scripts/: import its package name.",
      from: { path: ROOT_FILES },
      to: { path: PACKAGE, dependencyTypes: ['local'], dependencyTypesNot: ['aliased'] },
    },
    {
      name: 'service-not-to-another-service',
      severity: 'error',
      comment: 'Services talk over HTTP and the bus, never by import.',
      from: { path: '^services/([^/]+)/' },
      to: { path: '^services/', pathNot: '^services/$1/' },
    },
    {
      name: 'service-not-up',
      severity: 'error',
      comment: 'A service imports libs only, never the launcher, the bench or the web app.',
      // One known exception: media's tests run against the launcher's embedded S3 store
      // (@waco/launcher/object-store), the store `npm start` runs.
      from: { path: '^services/', pathNot: '^services/media/test/harness\\.ts$' },
      to: { path: '^(launcher|bench|web)/' },
    },
    {
      name: 'libs-not-up',
      severity: 'error',
      comment: 'The libs sit at the bottom: they import no service, launcher, bench or web code.',
      from: { path: '^libs/' },
      to: { path: '^(services|launcher|bench|web)/' },
    },
    {
      name: 'contracts-stand-alone',
      severity: 'error',
      comment: 'Contracts are shared with the browser: they import no other package of ours.',
      from: { path: '^libs/contracts/' },
      to: { path: PACKAGE, pathNot: '^libs/contracts/' },
    },
    {
      name: 'web-app-to-contracts-only',
      severity: 'error',
      comment:
        'The web app (and its build) imports only @waco/contracts of ours; its browser tests start the stack.',
      from: { path: '^web/', pathNot: '^web/test/' },
      to: { path: PACKAGE, pathNot: '^(web|libs/contracts)/' },
    },
    {
      name: 'launcher-not-to-bench',
      severity: 'error',
      comment: 'The bench drives the launcher, not the other way round.',
      from: { path: '^launcher/' },
      to: { path: '^bench/' },
    },
  ],
  options: {
    // TypeScript 7 ships no compiler API dependency-cruiser can use: swc parses the TypeScript,
    // type-only imports included. No tsConfig: our tsconfigs declare no `paths` to resolve.
    parser: 'swc',
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules)/' },
    // Resolve our packages as tsx and Vitest do: the `waco-source` condition points at src/.
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['waco-source', 'import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types'],
      extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
    },
    skipAnalysisNotInRules: true,
  },
};
