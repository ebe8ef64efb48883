import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// One run for the whole repository. Integration tests use the machine's Postgres and NATS
// (scripts/ensure-services.sh starts them); each test file gets its own schema and bus prefix,
// so files may run in parallel.
export default defineConfig({
  // Our packages export their TypeScript sources under the `waco-source` condition and their
  // compiled dist/ otherwise (see scripts/build.ts): tests run the sources. Otherwise vitest's own
  // defaults: on the server side, without `module` (packages' ESM builds Node cannot load as is).
  resolve: {
    conditions: ['waco-source', ...defaultClientConditions],
  },
  ssr: {
    resolve: { conditions: ['waco-source', ...defaultServerConditions.filter((c) => c !== 'module')] },
  },
  test: {
    include: [
      'libs/*/test/**/*.test.ts',
      'services/*/test/**/*.test.ts',
      'launcher/test/**/*.test.ts',
      'test/**/*.test.ts',
      'web/test/**/*.test.{ts,tsx}',
    ],
    // Finds Postgres and NATS JetStream, or starts them with testcontainers (see the file).
    globalSetup: ['test/setup/servers.ts'],
    pool: 'forks',
    maxWorkers: 2,
    // A browser test walks several screens, each waiting on conditions of its own: on CI's two
    // busy cores one took 30 s where it takes 5 s alone. What fails still fails, on its condition.
    testTimeout: 60_000,
    // `expect.poll` waits for a condition, 1 s by default: on a loaded machine (CI's two cores
    // running two files) a browser's answer can take several seconds, so polls wait up to 15 s.
    expect: { poll: { timeout: 15_000 } },
    hookTimeout: 120_000,
    reporters: ['default'],
  },
});
