// The Postgres and NATS the tests use. No workspace imports here: vitest's globalSetup
// (test/setup/servers.ts) loads this file (export `@waco/platform/testing/servers`) before our
// packages' sources resolve.

/** The database integration tests use (TEST_DATABASE_URL, or this machine's `test`). */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** The NATS (with JetStream) integration tests use (TEST_NATS_URL, or this machine's). */
export const TEST_NATS_URL = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222';
