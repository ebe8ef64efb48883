import { defineConfig } from 'vitest/config';

// One run for the whole repository. Integration tests use the machine's Postgres and NATS
// (scripts/ensure-services.sh starts them); each test file gets its own schema and bus prefix,
// so files may run in parallel.
export default defineConfig({
  test: {
    include: [
      'libs/*/test/**/*.test.ts',
      'services/*/test/**/*.test.ts',
      'launcher/test/**/*.test.ts',
      'test/**/*.test.ts',
      'web/test/**/*.test.{ts,tsx}',
    ],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    reporters: ['default'],
  },
});
